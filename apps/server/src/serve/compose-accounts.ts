import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createAccounts, createConsoleMailer, createSmtpMailer, loadAuthorizationKeys, type Accounts } from "@public-scan/accounts";
import type { AuditLog, CounterStore, KeyStore, TargetPolicy } from "@public-scan/core";
import { Keyv } from "keyv";
import type { ServeConfig } from "./parse-serve-config.js";
import type { ServeStorage } from "./serve-storage.js";
import { storesOf } from "./stores-of.js";

/** The file in the data directory that holds the authorization server's signing and cookie keys. */
export const AUTHORIZATION_KEYS_FILE = "oauth-keys.json";

/**
 * The reference server's accounts: accounts beside the keys, sessions and OAuth artifacts in a keyv store,
 * both in the SQLite file (embedded default) or in Redis (distributed mode, so every API process sees every
 * session and token); the authorization server's keys in the data directory (API processes share or copy
 * it), and email over SMTP (or to the log when no relay is configured, as in the offline demo).
 */
export async function composeAccounts(input: {
  config: ServeConfig;
  directory: string;
  storage: ServeStorage;
  baseUrl: string;
  identifierSecret: string;
  supportEmail: string;
  keys: KeyStore;
  audit: AuditLog;
  counters: CounterStore;
  /** The scanner's egress policy: MCP clients' metadata documents are fetched only from hosts it allows. */
  targets: TargetPolicy;
  log: (line: string) => void;
  /** Where account emails are written without an SMTP relay (default: `log`). */
  mail?: (line: string) => void;
  /** What Client ID Metadata Documents are fetched with (`ServeExtras.clientMetadataFetch`). */
  clientMetadataFetch?: typeof fetch;
}): Promise<{ accounts: Accounts; close: () => Promise<void> }> {
  const { config } = input;
  const host = new URL(input.baseUrl).hostname;
  const from = config.mailFrom ?? `public-scan <no-reply@${host.includes(".") ? host : "localhost.localdomain"}>`;
  if (config.smtpUrl === null) {
    input.log("serve: no SMTP relay configured (--smtp-url): account emails, with their verification links, are written to this log");
  }
  const mailer =
    config.smtpUrl === null
      ? createConsoleMailer(input.mail ?? input.log)
      : createSmtpMailer({
          url: config.smtpUrl,
          from,
          ...(config.smtpCaFile === null ? {} : { ca: await readFile(config.smtpCaFile, "utf8") }),
        });
  const stores = storesOf(input.storage);
  const store = stores.accounts();
  const documentStore = stores.documents();
  const documents = new Keyv({ store: documentStore });
  const accounts = createAccounts({
    baseUrl: input.baseUrl,
    store,
    documents,
    keys: input.keys,
    audit: input.audit,
    counters: input.counters,
    mailer,
    authorizationKeys: await loadAuthorizationKeys(join(input.directory, AUTHORIZATION_KEYS_FILE)),
    // Its own key, derived from the deployment secret: a CSRF token reveals nothing about rate-limit hashes.
    secret: createHmac("sha256", input.identifierSecret).update("public-scan accounts csrf").digest("hex"),
    supportEmail: input.supportEmail,
    clientMetadataDocuments: {
      targets: input.targets,
      ...(input.clientMetadataFetch === undefined ? {} : { fetch: input.clientMetadataFetch }),
    },
    onError: (error, route) => input.log(`accounts (${route}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  return {
    accounts,
    close: async () => {
      await mailer.close?.();
      await documents.disconnect();
      await store.close();
    },
  };
}
