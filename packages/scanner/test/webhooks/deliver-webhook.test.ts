import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEgressGuard, parseResolveRules, type EgressGuard } from "../../src/network/index.js";
import { createWebhookSecret, deliverWebhook } from "../../src/webhooks/index.js";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver on loopback that answers each path as told: `/ok` 204, `/flaky` 503 then 204, `/moved` a
 * redirect to the metadata service, `/busy` 429 with Retry-After, `/gone` 410, `/silent` never.
 */
function startReceiver(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  let flaky = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body });
      if (path === "/ok") return response.writeHead(204).end();
      if (path === "/flaky") return response.writeHead((flaky += 1) === 1 ? 503 : 204).end();
      if (path === "/moved") return response.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      if (path === "/busy") return response.writeHead(429, { "retry-after": "90" }).end();
      if (path === "/gone") return response.writeHead(410).end();
      if (path === "/silent") return; // never answers
      response.writeHead(404).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port, received })),
  );
}

describe("signed webhook deliveries through the egress guard", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let allowed: EgressGuard;
  const secret = createWebhookSecret();
  const body = JSON.stringify({
    type: "scan.changed",
    timestamp: "2026-12-07T10:00:00.000Z",
    data: { scanId: "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10" },
  });
  const waits: number[] = [];
  const deliver = (path: string, overrides: Partial<Parameters<typeof deliverWebhook>[0]> = {}) =>
    deliverWebhook({
      url: `http://hooks.test:${receiver.port}${path}`,
      id: "msg_2b1c",
      body,
      secrets: [secret],
      guard: allowed,
      allowHttp: true,
      timeoutMs: 2_000,
      wait: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      ...overrides,
    });
  const hits = (path: string) => receiver.received.filter((entry) => entry.path === path);

  beforeAll(async () => {
    receiver = await startReceiver();
    // The operator allows this one receiver host on loopback; nothing else private.
    allowed = createEgressGuard({
      resolve: parseResolveRules(["hooks.test=127.0.0.1"]),
      allowPrivateTargets: ["hooks.test"],
      lookup: () => Promise.reject(new Error("no DNS in this test")),
    });
  });
  afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

  it("delivers a message the specification's own library verifies, with the same id and body", async () => {
    const delivery = await deliver("/ok");
    expect(delivery).toMatchObject({ outcome: "delivered", gone: false, attempts: [{ status: 204, error: null }] });
    const [got] = hits("/ok");
    expect(got!.body).toBe(body);
    expect(got!.headers["content-type"]).toBe("application/json");
    const headers = {
      "webhook-id": String(got!.headers["webhook-id"]),
      "webhook-timestamp": String(got!.headers["webhook-timestamp"]),
      "webhook-signature": String(got!.headers["webhook-signature"]),
    };
    expect(headers["webhook-id"]).toBe("msg_2b1c");
    expect(new Webhook(secret).verify(got!.body, headers)).toEqual(JSON.parse(body));
    // Another secret does not verify it, and a changed body does not either.
    expect(() => new Webhook(createWebhookSecret()).verify(got!.body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(got!.body.replace("changed", "completed"), headers)).toThrow();
    // The secret never travels.
    expect(JSON.stringify(got!.headers)).not.toContain(secret.slice(6));
  });

  it("signs with both secrets during a rotation, so either verifies", async () => {
    const next = createWebhookSecret();
    receiver.received.length = 0;
    expect((await deliver("/ok", { secrets: [next, secret] })).outcome).toBe("delivered");
    const [got] = hits("/ok");
    const headers = got!.headers as Record<string, string>;
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const key of [next, secret]) expect(new Webhook(key).verify(got!.body, headers)).toEqual(JSON.parse(body));
  });

  it("retries a 5xx after the scheduled wait with the same id, and stops once delivered", async () => {
    waits.length = 0;
    const delivery = await deliver("/flaky");
    expect(delivery.outcome).toBe("delivered");
    expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([503, 204]);
    expect(waits).toEqual([5_000]);
    expect(new Set(hits("/flaky").map((entry) => entry.headers["webhook-id"]))).toEqual(new Set(["msg_2b1c"]));
  });

  it("gives up after the bounded schedule, waiting at least a receiver's Retry-After", async () => {
    waits.length = 0;
    const delivery = await deliver("/busy", { retryDelaysMs: [1_000, 2_000] });
    expect(delivery).toMatchObject({ outcome: "failed", gone: false });
    expect(delivery.attempts.map((attempt) => attempt.error)).toEqual(["answered 429", "answered 429", "answered 429"]);
    expect(waits).toEqual([90_000, 90_000]);
  });

  it("ends a pass before a wait that would outlast it, and a later pass goes on with the schedule", async () => {
    waits.length = 0;
    const clock = new Date("2026-12-07T10:00:00.000Z");
    const delays = [1_000, 60_000, 120_000];
    // The receiver asks for 90 s (Retry-After) and the pass has 50 s left: one attempt, then pending until the next is due.
    const first = await deliver("/busy", { retryDelaysMs: delays, now: () => clock, until: clock.getTime() + 50_000 });
    expect(first).toMatchObject({ outcome: "pending", gone: false, retryAt: "2026-12-07T10:01:30.000Z" });
    expect(first.attempts).toHaveLength(1);
    expect(waits).toEqual([]);
    // The next pass starts after those attempts: its waits are the schedule's later ones, then it gives up.
    const second = await deliver("/busy", { retryDelaysMs: delays, priorAttempts: 1 });
    expect(second).toMatchObject({ outcome: "failed" });
    expect(second.attempts).toHaveLength(3);
    expect(waits).toEqual([90_000, 120_000]);
  });
  it("never follows a redirect, and stops at once on 410 Gone and other final answers", async () => {
    receiver.received.length = 0;
    const moved = await deliver("/moved");
    expect(moved).toMatchObject({ outcome: "failed", attempts: [{ status: 307, error: "answered 307: redirects are not followed" }] });
    expect(receiver.received.map((entry) => entry.path)).toEqual(["/moved"]);
    expect(await deliver("/gone")).toMatchObject({ outcome: "failed", gone: true, attempts: [{ status: 410 }] });
    expect(await deliver("/nowhere")).toMatchObject({ outcome: "failed", gone: false, attempts: [{ status: 404 }] });
  });

  it("bounds an attempt that gets no answer", async () => {
    const delivery = await deliver("/silent", { timeoutMs: 300, retryDelaysMs: [] });
    expect(delivery).toMatchObject({ outcome: "failed", attempts: [{ status: null, error: "no answer within 300 ms" }] });
  });

  describe("refuses targets the guard refuses, before any byte is sent", () => {
    const strict = (answers: string[]) =>
      createEgressGuard({ lookup: () => Promise.resolve(answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))) });

    it.each([
      { name: "a loopback literal", template: "http://127.0.0.1:PORT/ok", answers: [] as string[], message: /egress policy \(/ },
      {
        name: "the metadata service",
        template: "http://169.254.169.254/latest/meta-data/",
        answers: [] as string[],
        message: /egress policy \(/,
      },
      {
        name: "a metadata host name",
        template: "http://metadata.google.internal/computeMetadata/v1/",
        answers: [] as string[],
        message: /egress policy \(metadata_host\)/,
      },
      {
        name: "a name resolving to a private address",
        template: "http://rebind.example:PORT/ok",
        answers: ["10.0.0.7"] as string[],
        message: /egress policy \(/,
      },
      {
        name: "a name answering public and loopback addresses",
        template: "http://rebind.example:PORT/ok",
        answers: ["93.184.215.14", "127.0.0.1"] as string[],
        message: /egress policy \(/,
      },
      { name: "IPv6 loopback", template: "http://[::1]:PORT/ok", answers: [] as string[], message: /egress policy \(/ },
      {
        name: "plain http without the operator's consent",
        template: "http://hooks.test:PORT/ok",
        answers: [] as string[],
        message: /https only/,
      },
      { name: "credentials in the URL", template: "https://user:pw@hooks.test/ok", answers: [] as string[], message: /credentials/ },
    ])("$name", async ({ name, template, answers, message }) => {
      receiver.received.length = 0;
      const url = template.replace("PORT", String(receiver.port));
      const delivery = await deliverWebhook({
        url,
        id: "msg_refused",
        body,
        secrets: [secret],
        guard: template.includes("hooks.test") ? allowed : strict(answers),
        allowHttp: !/consent/.test(name),
        wait: () => Promise.reject(new Error("a refusal is final: no wait")),
      });
      expect(delivery.outcome).toBe("failed");
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]!.error).toMatch(message);
      expect(receiver.received).toEqual([]);
      // The error names a cause, never the secret or the URL's query.
      expect(JSON.stringify(delivery)).not.toContain(secret);
    });
  });
});
