import { SchedulerClient } from "@aws-sdk/client-scheduler";
import { describe, expect, it } from "vitest";
import { createEventBridgeMonitorScheduler, toScheduleExpression } from "../src/index.js";
import { createSchedulerProtocolResponder } from "@public-scan/test-support/scheduler-protocol-responder";

const MONITOR = "6d0e4c1a-2b7f-4f0e-9a51-1c3d5e7f9b20";
const TARGET = {
  arn: "arn:aws:sqs:eu-west-1:123456789012:public-scan-monitor-ticks",
  roleArn: "arn:aws:iam::123456789012:role/public-scan-scheduler",
};

function open(responder: ReturnType<typeof createSchedulerProtocolResponder>) {
  const client = new SchedulerClient({
    region: "eu-west-1",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
    requestHandler: responder.handler,
  });
  return createEventBridgeMonitorScheduler({ groupName: "public-scan-monitors", target: TARGET, client })(() => Promise.resolve());
}

describe("monitor schedules on EventBridge Scheduler, at the SDK's HTTP layer", () => {
  it("creates one schedule per monitor, in the group, whose target gets the monitor and Scheduler's own tick time", async () => {
    const responder = createSchedulerProtocolResponder({ region: "eu-west-1", account: "123456789012" });
    const scheduler = open(responder);
    await scheduler.schedule({ monitorId: MONITOR, schedule: { kind: "cron", expression: "30 6 * * 1-5", timezone: "Europe/Paris" } });
    expect(responder.sent).toHaveLength(1);
    expect(responder.sent[0]).toMatchObject({
      method: "POST",
      path: `/schedules/${MONITOR}`,
      hostname: "scheduler.eu-west-1.amazonaws.com",
      body: {
        GroupName: "public-scan-monitors",
        ScheduleExpression: "cron(30 6 ? * 2-6 *)",
        ScheduleExpressionTimezone: "Europe/Paris",
        FlexibleTimeWindow: { Mode: "OFF" },
        State: "ENABLED",
        Target: {
          Arn: TARGET.arn,
          RoleArn: TARGET.roleArn,
          Input: `{"monitorId":"${MONITOR}","scheduledAt":"<aws.scheduler.scheduled-time>"}`,
        },
      },
    });
    await scheduler.close();
  });

  it("updates the schedule of a monitor registered again, and deletes it once, a second delete being no error", async () => {
    const responder = createSchedulerProtocolResponder({ region: "eu-west-1", account: "123456789012" });
    const scheduler = open(responder);
    await scheduler.schedule({ monitorId: MONITOR, schedule: { kind: "interval", everySeconds: 3600 } });
    await scheduler.schedule({ monitorId: MONITOR, schedule: { kind: "interval", everySeconds: 7200 } });
    expect(responder.sent.map((request) => request.method)).toEqual(["POST", "POST", "PUT"]);
    expect(responder.schedules.get(`public-scan-monitors/${MONITOR}`)).toMatchObject({ ScheduleExpression: "rate(120 minutes)" });
    await scheduler.unschedule(MONITOR);
    await scheduler.unschedule(MONITOR);
    expect(responder.sent.slice(3)).toMatchObject([
      { method: "DELETE", path: `/schedules/${MONITOR}`, query: { groupName: "public-scan-monitors" } },
      { method: "DELETE" },
    ]);
    expect(responder.schedules.size).toBe(0);
    await scheduler.close();
    await expect(scheduler.schedule({ monitorId: MONITOR, schedule: { kind: "interval", everySeconds: 3600 } })).rejects.toThrow(/closed/);
  });

  it("refuses what Scheduler cannot express before sending anything", async () => {
    const responder = createSchedulerProtocolResponder({ region: "eu-west-1", account: "123456789012" });
    const scheduler = open(responder);
    await expect(scheduler.schedule({ monitorId: MONITOR, schedule: { kind: "interval", everySeconds: 90 } })).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(scheduler.schedule({ monitorId: MONITOR, schedule: { kind: "cron", expression: "0 6 1 * 1" } })).rejects.toMatchObject({
      code: "invalid_request",
    });
    expect(responder.sent).toEqual([]);
    await scheduler.close();
  });
});

describe("toScheduleExpression", () => {
  it.each([
    { schedule: { kind: "interval", everySeconds: 60 }, expression: "rate(1 minute)" },
    { schedule: { kind: "interval", everySeconds: 86_400 }, expression: "rate(1440 minutes)" },
    { schedule: { kind: "cron", expression: "0 9 * * *" }, expression: "cron(0 9 * * ? *)" },
    { schedule: { kind: "cron", expression: "15 2 1 * *" }, expression: "cron(15 2 1 * ? *)" },
    { schedule: { kind: "cron", expression: "0 9 * * 0,6" }, expression: "cron(0 9 ? * 1,7 *)" },
    { schedule: { kind: "cron", expression: "0 9 * * 7" }, expression: "cron(0 9 ? * 1 *)" },
    { schedule: { kind: "cron", expression: "0 9 * * MON-FRI" }, expression: "cron(0 9 ? * MON-FRI *)" },
    { schedule: { kind: "cron", expression: "*/30 * * * 1-5/2" }, expression: "cron(*/30 * ? * 2-6/2 *)" },
  ] as const)("$schedule.expression$schedule.everySeconds -> $expression", ({ schedule, expression }) => {
    expect(toScheduleExpression(schedule).expression).toBe(expression);
  });
});
