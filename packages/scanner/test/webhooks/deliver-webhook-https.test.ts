import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { createCertificateAuthority } from "@public-scan/fixture-web";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEgressGuard, parseResolveRules } from "../../src/network/index.js";
import { createWebhookSecret, deliverWebhook } from "../../src/webhooks/index.js";

/**
 * An https receiver behind a private CA, reached by a name the guard pins to loopback: the connection goes
 * to the pinned address while TLS verifies the certificate for the URL's host name, not the address.
 */
describe("signed webhook deliveries over https", () => {
  let server: Server;
  let port: number;
  let ca: string;
  const bodies: string[] = [];
  const secret = createWebhookSecret();
  const body = JSON.stringify({ type: "scan.completed", timestamp: "2026-12-07T10:00:00.000Z", data: {} });

  beforeAll(async () => {
    const authority = await createCertificateAuthority();
    ca = authority.certPem;
    const leaf = await authority.issue("hooks.test");
    server = createServer({ key: leaf.keyPem, cert: leaf.chainPem }, (request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      request.on("end", () => {
        if (new Webhook(secret).verify(text, request.headers as Record<string, string>)) bodies.push(text);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const guardFor = (host: string) =>
    createEgressGuard({
      resolve: parseResolveRules([`${host}=127.0.0.1`]),
      allowPrivateTargets: [host],
      lookup: () => Promise.reject(new Error("no DNS in this test")),
    });
  const deliver = (host: string, extraCaCerts?: string) =>
    deliverWebhook({
      url: `https://${host}:${port}/hook`,
      id: "msg_tls",
      body,
      secrets: [secret],
      guard: guardFor(host),
      retryDelaysMs: [],
      timeoutMs: 5_000,
      ...(extraCaCerts === undefined ? {} : { extraCaCerts }),
    });

  it("delivers to the pinned address, verifying the certificate for the host name against the extra CA", async () => {
    expect(await deliver("hooks.test", ca)).toMatchObject({ outcome: "delivered", attempts: [{ status: 204 }] });
    expect(bodies).toEqual([body]);
  });

  it("fails without the CA, and for a host name the certificate does not name", async () => {
    const untrusted = await deliver("hooks.test");
    expect(untrusted.outcome).toBe("failed");
    expect(untrusted.attempts[0]!.error).toMatch(/CERT|SIGNATURE|ISSUER/);
    const misnamed = await deliver("other.test", ca);
    expect(misnamed.outcome).toBe("failed");
    expect(misnamed.attempts[0]!.error).toBe("ERR_TLS_CERT_ALTNAME_INVALID");
    expect(bodies).toHaveLength(1);
  });
});
