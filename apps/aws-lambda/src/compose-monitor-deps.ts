import { createEventBridgeMonitorScheduler } from "@public-scan/aws-lambda";
import { PORTS, usePort, type MonitorDeps } from "@public-scan/core";
import { createWebhookSender } from "@public-scan/scanner";
import type { DependencyContainer } from "tsyringe";
import type { ApiService } from "./compose-api-service.js";
import type { AwsClients } from "./compose-stores.js";
import type { LambdaConfig, LambdaMonitorConfig } from "./read-config.js";

/**
 * Monitors on Lambda: their table beside the others, one EventBridge Scheduler schedule per monitor in the
 * deployment's group (sending each tick to the tick queue), and webhooks sent through the scanner's egress
 * guard (public receivers only, https only unless the operator allows http). Used by the API (create,
 * pause, delete change schedules) and by the monitor function (runs; a disabled monitor's schedule is removed).
 * Ticks do not fire in this process: `onTick` is never called here, since Scheduler sends them to SQS.
 */
export function composeMonitorDeps(input: {
  config: LambdaConfig & { monitors: LambdaMonitorConfig };
  api: ApiService;
  scope: DependencyContainer;
  clients: AwsClients | undefined;
}): MonitorDeps {
  const { config, scope } = input;
  const schedulerFactory = usePort(scope, PORTS.monitorScheduler, () =>
    createEventBridgeMonitorScheduler({
      groupName: config.monitors.scheduleGroup,
      target: { arn: config.monitors.tickQueueArn, roleArn: config.monitors.schedulerRoleArn },
      ...(input.clients?.scheduler === undefined ? {} : { clientConfig: input.clients.scheduler }),
    }),
  );
  return {
    service: input.api.service.deps,
    monitors: usePort(scope, PORTS.monitorStore, input.api.stores.monitors),
    keys: input.api.keys,
    scheduler: schedulerFactory(() => Promise.reject(new Error("monitor ticks arrive on the tick queue, not in this function"))),
    webhooks: usePort(scope, PORTS.webhookSender, () => createWebhookSender({ allowHttp: config.monitorSettings.allowHttpWebhooks })),
    settings: config.monitorSettings,
  };
}
