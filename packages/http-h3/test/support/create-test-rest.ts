import {
  createAnonymousScanQuota,
  createLocalService,
  createMemoryCounterStore,
  createRateLimiter,
  issueApiKey,
  type ScanObservations,
  type Scanner,
  type Scope,
  type SessionResolver,
} from "@public-scan/core";
import { createMemoryAuditLog, createMemoryKeyStore } from "@public-scan/core/testing";
import { createMcpHttpHandler } from "@public-scan/mcp";
import { createRestApp, type RestAppOptions } from "../../src/index.js";
import { createRecordedScanner as createRecordedScannerOf } from "@public-scan/recorded-scans";

export const BASE_URL = "https://scan.example.org";

/** The recorded scanner (@public-scan/recorded-scans), typed as core's port. */
export function createRecordedScanner(input?: Parameters<typeof createRecordedScannerOf>[0]): Scanner & { calls: string[] } {
  return createRecordedScannerOf<ScanObservations>(input);
}

/** Dashboard sessions by cookie value, as a host's identity provider would resolve them. */
const SESSIONS: Record<string, { email: string; emailVerified: boolean }> = {
  "session=alice": { email: "alice@example.com", emailVerified: true },
  "session=unverified": { email: "bob@example.com", emailVerified: false },
  "session=disposable": { email: "carol@mailinator.com", emailVerified: true },
};
const sessions: SessionResolver = { resolve: ({ cookieHeader }) => Promise.resolve(SESSIONS[cookieHeader ?? ""] ?? null) };

/**
 * A REST app over memory stores with the contract's limits on, a recorded scanner, and helpers to issue
 * keys and to send requests from a given client address.
 */
export async function createTestRest(input: { scanner?: Scanner; options?: Partial<RestAppOptions>; mcp?: boolean } = {}) {
  const counters = createMemoryCounterStore();
  const limiter = createRateLimiter({ store: counters });
  const local = await createLocalService({
    scanner: input.scanner ?? createRecordedScanner(),
    config: { baseUrl: BASE_URL, scanRegions: ["eu_ie", "us_east"], defaultScanRegion: "eu_ie", pollSeconds: 1 },
    quota: createAnonymousScanQuota(limiter),
    limits: limiter,
  });
  const keys = createMemoryKeyStore();
  const audit = createMemoryAuditLog();
  const mcp = input.mcp
    ? {
        hosted: createMcpHttpHandler({ service: local.deps, surface: "hosted", keys, jsonResponse: true }),
        light: createMcpHttpHandler({ service: local.deps, surface: "light", jsonResponse: true }),
      }
    : undefined;
  const options: RestAppOptions = {
    service: local.deps,
    keys,
    keyRequests: { sessions, audit, counters },
    ...(mcp === undefined ? {} : { mcp }),
    ...input.options,
  };
  const app = createRestApp(options);
  return {
    app,
    options,
    audit,
    close: local.close,
    /** Issues a key straight through core, as the operator command does; returns the token. */
    issueKey: async (kind: "self_serve" | "support", scopes?: Scope[]) =>
      (await issueApiKey({ keys, clock: local.deps.clock, supportEmail: "support@example.org" }, { kind, ...(scopes ? { scopes } : {}) }))
        .resource.key,
  };
}
