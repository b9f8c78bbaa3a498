import { createLocalService, recoverInterruptedScans } from "@public-scan/core";
import { composeStores, NO_SCANNER, type AwsClients } from "./compose-stores.js";
import { readLambdaConfig } from "./read-config.js";
import { ENV, SCAN_JOB_DEADLINE_MS } from "./settings.js";

export interface RecoverHandlerInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clients?: AwsClients;
}

/**
 * The scheduled recovery (an EventBridge rule calls it every few minutes): the functions run with
 * `recovery: "none"`, since a frozen function cannot sweep on a timer, so this one takes over the scans a
 * vanished worker left `running` or `queued` past `staleAfterSeconds`: re-queued on SQS, or ended `failed`.
 */
export function createRecoverHandler(input: RecoverHandlerInput) {
  const config = readLambdaConfig(input.env);
  const baseUrl = config.baseUrl;
  if (baseUrl === undefined) throw new Error(`${ENV.baseUrl} is not set: the recovery writes links of the API's address`);
  let building: ReturnType<typeof createLocalService> | undefined;
  return async () => {
    building ??= Promise.resolve()
      .then(() => {
        const stores = composeStores(config, input.clients);
        return createLocalService({
          scanner: NO_SCANNER,
          scans: stores.scans(),
          queue: stores.queue,
          recovery: "none",
          targetSecret: config.identifierSecret,
          jobDeadlineMs: SCAN_JOB_DEADLINE_MS,
          config: { baseUrl, ...config.service },
        });
      })
      .catch((error: unknown) => {
        building = undefined;
        throw error;
      });
    return recoverInterruptedScans((await building).deps);
  };
}
