import { createClient } from "@public-scan/client";
import { WebhookEventSchema, type WebhookEvent } from "@public-scan/core";
import { changingSiteUrl, switchChangingSite } from "@public-scan/fixture-web";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runKeysCommand } from "../src/run-keys-command.js";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startReferenceServer, type ReferenceServer } from "../src/serve/start-reference-server.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";
import { startWebhookReceiver, type ReceivedWebhook } from "./support/webhook-receiver.js";

/**
 * The done criterion of monitors, on the embedded default: a monitor of the fixture web's changing site,
 * fired by the server's own scheduler, sends a webhook verified with the Standard Webhooks library; when the
 * site's next version adds Meta's pixel before consent, the next run's `scan.changed` names it.
 */
describe("a monitor watches a site and sends signed webhooks (embedded default)", () => {
  const web = inject("fixtureWeb");
  const lane = "serve-monitor";
  let dataDir: string;
  let server: ReferenceServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let key: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-monitors-"));
    receiver = await startWebhookReceiver();
    let printed = "";
    await runKeysCommand(["issue", "--scopes", "scan:read,scan:create,monitor:write", "--data-dir", dataDir], {
      stdout: (text) => (printed += text),
      stderr: () => {},
    });
    key = printed.trim();
    const env = fixtureServeEnv(dataDir);
    server = await startReferenceServer(
      parseServeConfig(["--concurrency", "2"], {
        ...env,
        // The receiver is a name pinned to loopback, allowed as a private target like the fixture web's sites.
        // First: the fixture web's rules pin every `.test` name to its own port, and the first match wins.
        PUBLIC_SCAN_RESOLVE: `hooks.monitors.test=127.0.0.1,${env.PUBLIC_SCAN_RESOLVE}`,
        PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS: `${env.PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS},hooks.monitors.test`,
        PUBLIC_SCAN_PHASES: "pre_consent_only",
        PUBLIC_SCAN_MONITOR_MIN_INTERVAL_SECONDS: "1",
        PUBLIC_SCAN_WEBHOOKS_ALLOW_HTTP: "true",
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const eventOf = (webhook: ReceivedWebhook, secret: string): WebhookEvent =>
    WebhookEventSchema.parse(new Webhook(secret).verify(webhook.body, webhook.headers as Record<string, string>));

  it(
    "fires on schedule, and the next version's new pre-consent tracker arrives as a verified scan.changed",
    { timeout: 150_000 },
    async () => {
      const client = createClient({ baseUrl: server.url, apiKey: key });
      const created = await client.createMonitor({
        url: changingSiteUrl(lane),
        name: "Changing shop",
        schedule: { kind: "interval", everySeconds: 2 },
        webhook: { url: `http://hooks.monitors.test:${receiver.port}/hook?token=receiver-secret` },
      });
      const secret = created.webhookSecret!;
      expect(created).toMatchObject({ status: "active", webhook: { url: `http://hooks.monitors.test:${receiver.port}/hook` } });

      // The first run: nothing to compare with yet.
      const first = eventOf(await receiver.next((webhook) => webhook.body.includes('"scan.completed"'), 60_000), secret);
      expect(first).toMatchObject({ type: "scan.completed", data: { monitorId: created.monitorId } });

      // The site changes while the monitor is paused; its next run sees the new version.
      await client.pauseMonitor(created.monitorId);
      await switchChangingSite(web, lane, "next");
      const seen = receiver.received.length;
      await client.resumeMonitor(created.monitorId);
      const changedHook = await receiver.next(
        (webhook) => receiver.received.indexOf(webhook) >= seen && webhook.body.includes('"scan.changed"'),
        60_000,
      );
      const changed = eventOf(changedHook, secret);
      if (changed.type !== "scan.changed") throw new Error(`expected scan.changed, got ${changed.type}`);
      expect(changed.data.summary).toMatch(/^A new advertising tracker, Meta, fires before consent/);
      expect(changed.data.started.map((row) => [row.phase, row.vendor, row.host])).toContainEqual([
        "pre_consent",
        "Meta",
        "connect.facebook.net",
      ]);
      // A wrong secret does not verify: the signature is the monitor's own.
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(
          changedHook.body,
          changedHook.headers as Record<string, string>,
        ),
      ).toThrow();

      // The same diff on the other surfaces: the changes route names Meta too, and the runs' delivery log has it.
      const changes = await client.getScanChanges(changed.data.scan.scanId);
      if (changes.type !== "service_scan_changes") throw new Error("expected the changes");
      expect(changes.since?.scanId).toBe(changed.data.since.scanId);
      const runs = await client.listMonitorRuns(created.monitorId);
      const run = runs.runs.find((entry) => entry.scanId === changed.data.scan.scanId)!;
      expect(run).toMatchObject({ status: "completed", event: "scan.changed", delivery: { status: "delivered", lastResponseStatus: 204 } });
      expect(changedHook.headers["webhook-id"]).toBe(run.delivery!.messageId);

      // Deleted: gone from the list, and no secret or receiver token was ever written to the data directory in clear.
      await client.deleteMonitor(created.monitorId);
      expect((await client.listMonitors()).monitors).toEqual([]);
      const database = await readFile(join(dataDir, "public-scan.sqlite")).catch(() => Buffer.alloc(0));
      expect(database.includes(Buffer.from(secret.slice(6)))).toBe(false);
      expect(database.includes(Buffer.from("receiver-secret"))).toBe(false);
    },
  );

  it("refuses monitors without the scope, and webhooks to private addresses", async () => {
    let printed = "";
    await runKeysCommand(["issue", "--scopes", "scan:read,scan:create", "--data-dir", dataDir], {
      stdout: (text) => (printed += text),
      stderr: () => {},
    });
    const reader = createClient({ baseUrl: server.url, apiKey: printed.trim() });
    await expect(reader.listMonitors()).rejects.toMatchObject({ status: 403 });
    const client = createClient({ baseUrl: server.url, apiKey: key });
    for (const hook of ["http://127.0.0.1:9/hook", "http://169.254.169.254/latest", "http://[::1]/x", "http://localhost/x"]) {
      await expect(
        client.createMonitor({ url: changingSiteUrl(lane), schedule: { kind: "interval", everySeconds: 3600 }, webhook: { url: hook } }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("webhook.url") });
    }
    expect((await client.listMonitors()).monitors).toEqual([]);
  });
});
