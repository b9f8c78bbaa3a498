// The recovery function's composition. reflect-metadata is tsyringe's prerequisite and is imported first.
import "reflect-metadata";
import { createService, PORTS, recoverInterruptedScans, usePort, type Service } from "@public-scan/core";
import { container, type DependencyContainer } from "tsyringe";
import { composeStores, type AwsClients } from "./compose-stores.js";
import { readLambdaConfig } from "./read-config.js";
import { ENV } from "./settings.js";

export interface RecoverHandlerInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clients?: AwsClients;
  /** Where an embedder registered its own scan store or job queue (`PORTS`); default: tsyringe's root container. */
  readonly container?: DependencyContainer;
}

/**
 * The scheduled recovery (an EventBridge rule calls it every few minutes): a frozen function cannot sweep
 * on a timer, so this one takes over the scans a vanished worker left `running` or `queued` past
 * `staleAfterSeconds`: re-queued on SQS, or ended `failed`. No scanner: it only re-queues or ends scans.
 */
export function createRecoverHandler(input: RecoverHandlerInput) {
  const config = readLambdaConfig(input.env);
  const baseUrl = config.baseUrl;
  if (baseUrl === undefined) throw new Error(`${ENV.baseUrl} is not set: the recovery writes links of the API's address`);
  const compose = async (): Promise<Service> => {
    const scope = (input.container ?? container).createChildContainer();
    const stores = await composeStores(config, input.clients);
    return createService({
      scans: usePort(scope, PORTS.scanStore, stores.scans),
      // Recovery reads only active scans.
      scanCache: false,
      queue: usePort(scope, PORTS.jobQueue, stores.queue),
      targetSecret: config.identifierSecret,
      config: { baseUrl, ...config.service },
    });
  };
  let service: Promise<Service> | undefined;
  return async () => {
    // Composed once per execution environment; a composition that failed is tried again at the next run.
    service ??= compose().catch((error: unknown) => {
      service = undefined;
      throw error;
    });
    return recoverInterruptedScans((await service).deps);
  };
}
