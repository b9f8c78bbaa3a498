import {
  createAnonymousScanQuota,
  createRateLimiter,
  createService,
  DATA_RETENTION_DEFAULTS,
  PORTS,
  usePort,
  type KeyStore,
  type Service,
} from "@public-scan/core";
import { createTargetPolicy } from "@public-scan/scanner";
import type { DependencyContainer } from "tsyringe";
import { composeStores, type AwsClients, type LambdaStores } from "./compose-stores.js";
import type { LambdaConfig } from "./read-config.js";

/** The service as the API creates scans with it: what the API function and the monitor function share. */
export interface ApiService {
  readonly service: Service;
  readonly keys: KeyStore;
  readonly stores: LambdaStores;
}

/**
 * The service of the functions that create scans (the API, and the monitor function whose runs go through
 * the same create path): scans in the store, jobs on SQS, the contract's quotas and rate limits, and the
 * target policy checked by DNS before a scan is queued (the worker's scanner checks again). Each port an
 * embedder registered in `scope` is used instead of the default.
 */
export async function composeApiService(input: {
  config: LambdaConfig;
  clients: AwsClients | undefined;
  scope: DependencyContainer;
  baseUrl: string;
}): Promise<ApiService> {
  const { config, scope } = input;
  const stores = await composeStores(config, input.clients);
  const keys = usePort(scope, PORTS.keyStore, stores.keys);
  const observer = usePort(scope, PORTS.observer, () => undefined);
  const limiter = createRateLimiter({
    store: usePort(scope, PORTS.counterStore, stores.counters),
    identifierSecret: config.identifierSecret,
    ...(observer === undefined ? {} : { observer }),
  });
  const service = createService({
    scans: usePort(scope, PORTS.scanStore, stores.scans),
    // A warm function answers ended scans from memory until the table's TTL would expire them.
    scanCache: { retentionDays: DATA_RETENTION_DEFAULTS.scanDays },
    queue: usePort(scope, PORTS.jobQueue, stores.queue),
    quota: createAnonymousScanQuota(limiter),
    limits: limiter,
    targets: usePort(scope, PORTS.targetPolicy, () => createTargetPolicy({})),
    targetSecret: config.identifierSecret,
    config: { baseUrl: input.baseUrl, ...config.service },
    ...(observer === undefined ? {} : { observer }),
  });
  return { service, keys, stores };
}
