import { createLocalService, createMemoryCounterStore } from "@public-scan/core";
import { createMemoryAccountStore, createMemoryAuditLog, createMemoryKeyStore } from "@public-scan/core/testing";
import { createRestApp } from "@public-scan/http-h3";
import { createMcpHttpHandler, createProtectedResourceMetadataHandler } from "@public-scan/mcp";
import { createTargetPolicy } from "@public-scan/scanner";
import { Keyv } from "keyv";
import { serve } from "srvx";
import { createAccounts, loadAuthorizationKeys, type AccountLimits, type MailMessage } from "../../src/index.js";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Cheap scrypt settings: the tests check the flow, not the cost (the default is benchmarked, not tested). */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

/**
 * The REST app with accounts, the authorization server and /mcp (API keys and OAuth), on srvx over memory
 * stores, as the reference server composes them; emails are captured instead of sent.
 */
export async function startTestAccounts(input: { limits?: Partial<AccountLimits> } = {}) {
  const routes: { fetch: (request: Request) => Response | Promise<Response> } = { fetch: () => new Response(null, { status: 503 }) };
  const server = serve({ port: 0, hostname: "127.0.0.1", silent: true, fetch: (request) => routes.fetch(request) });
  await server.ready();
  const baseUrl = new URL(server.url!).origin;
  const counters = createMemoryCounterStore();
  const keys = createMemoryKeyStore();
  const audit = createMemoryAuditLog();
  const store = createMemoryAccountStore();
  const documents = new Keyv();
  const mail: MailMessage[] = [];
  const errors: unknown[] = [];
  const directory = await mkdtemp(join(tmpdir(), "accounts-"));
  const local = await createLocalService({
    scanner: { scan: () => Promise.reject(new Error("no scans in these tests")), close: () => Promise.resolve() },
    config: { baseUrl, pollSeconds: 1 },
    targets: createTargetPolicy({ resolve: ["*.example=93.184.216.34"] }),
  });
  const accounts = createAccounts({
    baseUrl,
    store,
    documents,
    keys,
    audit,
    counters,
    mailer: { send: (message) => Promise.resolve(void mail.push(message)) },
    authorizationKeys: await loadAuthorizationKeys(join(directory, "oauth-keys.json")),
    secret: "a-test-secret-that-is-long-enough-0123456789",
    supportEmail: "support@example.org",
    passwordCost: TEST_PASSWORD_COST,
    // Every test person signs up from 127.0.0.1: the default per-network limits would stop the suite.
    limits: {
      signUpPerNetwork: { limit: 1000, windowMs: 3600_000 },
      signInPerNetwork: { limit: 1000, windowMs: 3600_000 },
      ...input.limits,
    },
    onError: (error) => errors.push(error),
  });
  const hosted = createMcpHttpHandler({ service: local.deps, surface: "hosted", keys, oauth: accounts.oauth });
  const app = createRestApp({
    service: local.deps,
    keys,
    keyRequests: { sessions: accounts.sessions, audit, counters },
    mcp: { hosted, protectedResourceMetadata: createProtectedResourceMetadataHandler({ baseUrl, oauth: accounts.oauth }) },
    mounts: [accounts.mount],
    onError: (error) => errors.push(error),
  });
  routes.fetch = (request) => app.fetch(request);

  /** The verification link of the last email sent to `email`. */
  const linkFor = (email: string) => {
    const message = mail.findLast((sent) => sent.to === email);
    return /https?:\/\/\S+\/account\/verify\?token=[\w-]+/.exec(message?.text ?? "")?.[0] ?? null;
  };

  return {
    baseUrl,
    accounts,
    store,
    keys,
    audit,
    mail,
    errors,
    directory,
    linkFor,
    close: async () => {
      hosted.close();
      await server.close(true);
      await local.close();
    },
  };
}

export type TestAccounts = Awaited<ReturnType<typeof startTestAccounts>>;
