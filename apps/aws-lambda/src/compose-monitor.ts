// The monitor function's composition. reflect-metadata is tsyringe's prerequisite and is imported first.
import "reflect-metadata";
import { createLambdaMonitorHandler } from "@public-scan/aws-lambda";
import { container, type DependencyContainer } from "tsyringe";
import { composeApiService } from "./compose-api-service.js";
import { composeMonitorDeps } from "./compose-monitor-deps.js";
import type { AwsClients } from "./compose-stores.js";
import { errorLogText } from "./error-log-text.js";
import { readLambdaConfig } from "./read-config.js";
import { ENV, MONITOR_SAFETY_MARGIN_MS } from "./settings.js";

export interface MonitorHandlerInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clients?: AwsClients;
  /** Where an embedder registered its own ports (`PORTS`), as for the API function; default: tsyringe's root container. */
  readonly container?: DependencyContainer;
  readonly log?: (line: string) => void;
}

/**
 * The monitor function: the consumer of the tick queue, to which EventBridge Scheduler sends each monitor's
 * ticks. A tick's run creates its scan through the API's own create path (the owner's key, its quota and
 * limits, the target policy checked again), follows it while the worker function scans, and sends the
 * signed webhook. A run that cannot finish within the invocation (its scan still running, a delivery whose
 * retry is due later) stays running and its message is given back: SQS delivers it again after the tick
 * queue's visibility timeout and the run goes on where it stopped.
 */
export function createMonitorTickHandler(input: MonitorHandlerInput) {
  const config = readLambdaConfig(input.env);
  const baseUrl = config.baseUrl;
  if (baseUrl === undefined) throw new Error(`${ENV.baseUrl} is not set: monitors' events carry links of the API's address`);
  const monitors = config.monitors;
  if (monitors === undefined)
    throw new Error(`${ENV.monitorScheduleGroup}, ${ENV.monitorTickQueueArn} and ${ENV.monitorSchedulerRoleArn} are not set`);
  const log = input.log ?? ((line: string) => console.error(line));
  return createLambdaMonitorHandler({
    safetyMarginMs: MONITOR_SAFETY_MARGIN_MS,
    onError: (error, messageId) => log(`tick ${messageId}: ${errorLogText(error)}`),
    createMonitors: async () => {
      const scope = (input.container ?? container).createChildContainer();
      const api = await composeApiService({ config, clients: input.clients, scope, baseUrl });
      return composeMonitorDeps({ config: { ...config, monitors }, api, scope, clients: input.clients });
    },
  });
}
