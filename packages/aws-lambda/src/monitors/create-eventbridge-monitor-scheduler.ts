import type * as Scheduler from "@aws-sdk/client-scheduler";
import type { SchedulerClient, SchedulerClientConfig } from "@aws-sdk/client-scheduler";
import type { MonitorScheduler, MonitorSchedulerFactory } from "@public-scan/core";
import { toScheduleExpression } from "./to-schedule-expression.js";

export interface EventBridgeMonitorSchedulerOptions {
  /** The deployment's schedule group: every monitor's schedule is named by its monitorId in it. */
  readonly groupName: string;
  /** Where each tick goes: the monitor tick queue's ARN (SQS), and the role Scheduler assumes to send to it. */
  readonly target: { readonly arn: string; readonly roleArn: string };
  /** A client of the host's (never destroyed by close), or the configuration of one the scheduler makes. */
  readonly client?: SchedulerClient;
  readonly clientConfig?: SchedulerClientConfig;
}

/**
 * Monitors' schedules as EventBridge Scheduler schedules, for the Lambda deployment: one schedule per
 * monitor in the deployment's group, whose target (the monitor tick queue) receives
 * `{"monitorId","scheduledAt"}` at each tick, the time filled in by Scheduler itself
 * (`<aws.scheduler.scheduled-time>`), so a tick delivered twice names one run. Ticks are not run here: the
 * tick queue's function does (`createLambdaMonitorHandler`). Registering an existing monitor again updates
 * its schedule; removing one that is gone is not an error.
 */
export function createEventBridgeMonitorScheduler(options: EventBridgeMonitorSchedulerOptions): MonitorSchedulerFactory {
  return () => {
    let own: SchedulerClient | undefined;
    let loaded: Promise<{ sdk: typeof Scheduler; client: SchedulerClient }> | undefined;
    // The SDK module loads at the first change of a schedule: an API cold start that only reads never compiles it.
    const load = () =>
      (loaded ??= import("@aws-sdk/client-scheduler").then((sdk) => ({
        sdk,
        client: options.client ?? (own = new sdk.SchedulerClient(options.clientConfig ?? {})),
      })));
    let closed = false;
    const scheduler: MonitorScheduler = {
      async schedule({ monitorId, schedule }) {
        if (closed) throw new Error("monitor scheduler is closed");
        const { expression, timezone } = toScheduleExpression(schedule);
        const { sdk, client } = await load();
        const input = {
          Name: monitorId,
          GroupName: options.groupName,
          ScheduleExpression: expression,
          ScheduleExpressionTimezone: timezone,
          FlexibleTimeWindow: { Mode: "OFF" as const },
          State: "ENABLED" as const,
          Target: {
            Arn: options.target.arn,
            RoleArn: options.target.roleArn,
            Input: `{"monitorId":${JSON.stringify(monitorId)},"scheduledAt":"<aws.scheduler.scheduled-time>"}`,
            RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 10 },
          },
        };
        try {
          await client.send(new sdk.CreateScheduleCommand(input));
        } catch (error) {
          if (!(error instanceof Error) || error.name !== "ConflictException") throw error;
          await client.send(new sdk.UpdateScheduleCommand(input));
        }
      },
      async unschedule(monitorId) {
        if (closed) throw new Error("monitor scheduler is closed");
        const { sdk, client } = await load();
        try {
          await client.send(new sdk.DeleteScheduleCommand({ Name: monitorId, GroupName: options.groupName }));
        } catch (error) {
          if (!(error instanceof Error) || error.name !== "ResourceNotFoundException") throw error;
        }
      },
      async close() {
        if (closed) return;
        closed = true;
        await loaded?.then(
          () => own?.destroy(),
          () => undefined,
        );
      },
    };
    return scheduler;
  };
}
