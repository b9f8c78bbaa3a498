import { createLocalService, createMemoryCounterStore } from "@public-scan/core";
import { createMemoryAccountStore, createMemoryAuditLog, createMemoryKeyStore } from "@public-scan/core/testing";
import { createRestApp } from "@public-scan/http-h3";
import { createMcpHttpHandler, createProtectedResourceMetadataHandler } from "@public-scan/mcp";
import { createTargetPolicy } from "@public-scan/scanner";
import { Redis } from "ioredis";
import { Keyv } from "keyv";
import { createRedisAccountStore, createRedisKeyvStore } from "@public-scan/storage/redis";
import { createSqliteAccountStore, createSqliteKeyStore, createSqliteKeyvStore } from "@public-scan/storage/sqlite";
import { serve } from "srvx";
import { createAccounts, loadAuthorizationKeys, type AccountLimits, type MailMessage } from "../../src/index.js";
import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Cheap scrypt settings: the tests check the flow, not the cost (the default is benchmarked, not tested). */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

/**
 * The REST app with accounts, the authorization server and /mcp (API keys and OAuth), on srvx over memory
 * stores, as the reference server composes them; emails are captured instead of sent.
 */
export interface TestAccountsInput {
  limits?: Partial<AccountLimits>;
  /** Keep stores, keys and port of an earlier server (a restart): its directory and port. */
  restartOf?: { directory: string; port: number };
  /** Memory stores (default), the reference server's SQLite file and keyv store on it, or Redis for both. */
  stores?: TestStores;
}

export type TestStores = "memory" | "sqlite" | "redis";

const TEST_REDIS = {
  host: process.env.PUBLIC_SCAN_TEST_REDIS_HOST ?? "127.0.0.1",
  port: Number(process.env.PUBLIC_SCAN_TEST_REDIS_PORT ?? 6379),
};

function openStores(kind: TestStores, directory: string) {
  if (kind === "redis") {
    // One prefix per server: test files run in parallel on one Redis.
    const prefix = `public-scan-test:${randomUUID()}:`;
    const store = createRedisAccountStore({ connection: { ...TEST_REDIS, maxRetriesPerRequest: 1 }, keyPrefix: `${prefix}account:` });
    const documents = new Keyv({
      store: createRedisKeyvStore({ connection: { ...TEST_REDIS, maxRetriesPerRequest: 1 }, keyPrefix: `${prefix}keyv:` }),
    });
    return {
      keys: createMemoryKeyStore(),
      audit: createMemoryAuditLog(),
      store,
      documents,
      close: async () => {
        await documents.disconnect();
        await store.close();
        // Leave nothing behind on the shared Redis.
        const redis = new Redis({ ...TEST_REDIS, lazyConnect: true });
        for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
          if (keys.length > 0) await redis.unlink(...keys);
        }
        redis.disconnect();
      },
    };
  }
  if (kind === "memory") {
    const keys = createMemoryKeyStore();
    return {
      keys,
      audit: createMemoryAuditLog(),
      store: createMemoryAccountStore(),
      documents: new Keyv(),
      close: () => Promise.resolve(),
    };
  }
  const path = join(directory, "public-scan.sqlite");
  const keys = createSqliteKeyStore({ path });
  const store = createSqliteAccountStore({ path });
  const documents = new Keyv({ store: createSqliteKeyvStore({ path }) });
  return {
    keys,
    audit: keys.audit,
    store,
    documents,
    close: async () => {
      await documents.disconnect();
      await Promise.all([store.close(), keys.close()]);
    },
  };
}

export async function startTestAccounts(input: TestAccountsInput = {}) {
  const routes: { fetch: (request: Request) => Response | Promise<Response> } = { fetch: () => new Response(null, { status: 503 }) };
  const server = serve({
    port: input.restartOf?.port ?? 0,
    hostname: "127.0.0.1",
    silent: true,
    fetch: (request) => routes.fetch(request),
  });
  await server.ready();
  const baseUrl = new URL(server.url!).origin;
  const counters = createMemoryCounterStore();
  const mail: MailMessage[] = [];
  const errors: unknown[] = [];
  const directory = input.restartOf?.directory ?? (await mkdtemp(join(tmpdir(), "accounts-")));
  const { keys, audit, store, documents, close: closeStores } = openStores(input.stores ?? "memory", directory);
  // Test names resolve to a public documentation address, offline; any other name is looked up for real.
  const targets = createTargetPolicy({ resolve: ["*.example=93.184.216.34"] });
  const local = await createLocalService({
    scanner: { scan: () => Promise.reject(new Error("no scans in these tests")), close: () => Promise.resolve() },
    config: { baseUrl, pollSeconds: 1 },
    targets,
  });
  // The open web as the authorization server sees it when it fetches Client ID Metadata Documents: what a
  // test publishes at a URL, answered in process (no https server to trust), and every URL it was asked for.
  const published = new Map<string, () => Response>();
  const fetchedDocuments: string[] = [];
  const webFetch: typeof fetch = (input) => {
    const url = input instanceof Request ? input.url : String(input);
    fetchedDocuments.push(url);
    return Promise.resolve(published.get(url)?.() ?? new Response("not found", { status: 404 }));
  };
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
    clientMetadataDocuments: { targets, fetch: webFetch },
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
    const message = mail.findLast((sent) => sent.to === email.trim().toLowerCase());
    return /https?:\/\/\S+\/account\/verify\?token=[\w-]+/.exec(message?.text ?? "")?.[0] ?? null;
  };

  return {
    baseUrl,
    port: Number(new URL(baseUrl).port),
    accounts,
    store,
    keys,
    audit,
    mail,
    errors,
    directory,
    linkFor,
    /** Publishes a Client ID Metadata Document (or any answer) at an https URL of the test web. */
    publish: (url: string, answer: () => Response) => void published.set(url, answer),
    fetchedDocuments,
    close: async () => {
      hosted.close();
      await server.close(true);
      await local.close();
      await closeStores();
    },
  };
}

export type TestAccounts = Awaited<ReturnType<typeof startTestAccounts>>;
