import { createServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createTcpServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEgressGuard, parseResolveRules } from "../../src/network/index.js";
import { probeHttp } from "../../src/transport/probe-http.js";
import { probeTls } from "../../src/transport/probe-tls.js";
import { probeTransport } from "../../src/transport/probe-transport.js";
import { createFakeLookup } from "../network/support/fake-lookup.js";
import { closedLoopbackPort, closeServer, listenOnLoopback } from "../network/support/loopback.js";

/**
 * The Node-side transport probe against the fixture web (the product's resolve rule and allow list, the
 * fixture CA as extraCaCerts), and against small local servers for redirects and the egress guard.
 */
const web = inject("fixtureWeb");
const guard = createEgressGuard({ resolve: parseResolveRules(web.resolveRules), allowPrivateTargets: web.allowPrivateTargets });
const probe = (host: string, options: { url?: string; trusted?: boolean } = {}) =>
  probeTransport({
    url: options.url ?? `https://${host}/`,
    guard,
    userAgent: "Mozilla/5.0 test",
    timeoutMs: 3000,
    ...(options.trusted === false ? {} : { extraCaCerts: web.caCertPem }),
  });

describe("probeTransport on the fixture web", () => {
  it("reads a valid certificate, trusted through extraCaCerts, and the redirect from HTTP", async () => {
    const result = await probe("www.quiet-bakery.test");
    expect(result?.host).toBe("www.quiet-bakery.test");
    expect(result?.tls).toMatchObject({
      kind: "handshake",
      certificate: { authorized: true, authorizationError: null, expired: false, subjectMatchesHost: true, protocol: "TLS 1.3" },
    });
    if (result?.tls.kind !== "handshake") throw new Error("no handshake");
    expect(result.tls.certificate.daysToExpiry).toBeGreaterThanOrEqual(27);
    expect(result.tls.certificate.issuer).toBe("public-scan fixture-web");
    expect(result.http).toEqual({ kind: "answered", redirectsToHttps: true, reason: "redirects_to_https" });
  });

  it("reports a certificate it cannot trust without extraCaCerts, and still reads it", async () => {
    const result = await probe("www.quiet-bakery.test", { trusted: false });
    expect(result?.tls).toMatchObject({ kind: "handshake", certificate: { authorized: false, expired: false, subjectMatchesHost: true } });
    if (result?.tls.kind !== "handshake") throw new Error("no handshake");
    expect(result.tls.certificate.authorizationError).toMatch(/^(SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/);
    // An untrusted certificate's issuer is text the site chose: it is not kept.
    expect(result.tls.certificate.issuer).toBeNull();
  });

  it("reports an expired certificate as expired, with the days since, without failing", async () => {
    const result = await probe("www.faded-gallery.test");
    expect(result?.tls).toMatchObject({
      kind: "handshake",
      certificate: { authorized: false, authorizationError: "CERT_HAS_EXPIRED", expired: true, daysToExpiry: -12 },
    });
  });

  it("reports a nearly expired certificate with its days left", async () => {
    const result = await probe("www.late-bloom.test");
    expect(result?.tls).toMatchObject({ kind: "handshake", certificate: { authorized: true, expired: false, daysToExpiry: 5 } });
  });

  it("tells a site without HTTPS: the handshake is refused, HTTP is served without a redirect", async () => {
    const result = await probe("www.corner-cobbler.test", { url: "http://www.corner-cobbler.test/" });
    expect(result?.tls).toMatchObject({ kind: "refused_by_peer" });
    expect(result?.http).toEqual({ kind: "answered", redirectsToHttps: false, reason: "serves_http" });
  });

  it("names the host as the visitor's URL does, whatever address the resolve rule gives", async () => {
    // A certificate for the virtual host comes back only if SNI carried the name, not 127.0.0.1.
    const result = await probe("www.sunny-radio.test");
    expect(result?.tls).toMatchObject({ kind: "handshake", certificate: { subjectMatchesHost: true, authorized: true } });
    expect(result?.http).toEqual({ kind: "answered", redirectsToHttps: false, reason: "serves_http" });
  });

  it("applies the first matching resolve rule, port included", async () => {
    const closed = await closedLoopbackPort();
    const ruled = createEgressGuard({
      resolve: parseResolveRules([`www.quiet-bakery.test=127.0.0.1:${closed}`, ...web.resolveRules]),
      allowPrivateTargets: web.allowPrivateTargets,
    });
    const result = await probeTransport({ url: "https://www.quiet-bakery.test/", guard: ruled, userAgent: "test", timeoutMs: 3000 });
    expect(result?.tls).toEqual({ kind: "refused_by_peer", reason: "connection_refused" });
    expect(result?.http).toEqual({ kind: "refused_by_peer", reason: "connection_refused" });
  });

  it("returns null for a URL without a host", async () => {
    expect(await probeTransport({ url: "not a url", guard, userAgent: "test", timeoutMs: 100 })).toBeNull();
  });
});

describe("the probe and the egress guard", () => {
  let connections = 0;
  const listener = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  let port = 0;
  beforeAll(async () => {
    port = await listenOnLoopback(listener);
  });
  afterAll(() => closeServer(listener));

  it.each([
    ["a cloud-metadata address", "http://169.254.169.254/latest/meta-data/", "metadata_address"],
    ["a cloud-metadata name", "http://metadata.google.internal/", "metadata_host"],
    ["a private IP literal", "https://10.0.0.1/", "ip_literal_private"],
    ["loopback in decimal", "http://2130706433/", "ip_literal_private"],
    ["IPv4-mapped IPv6 loopback", "http://[::ffff:127.0.0.1]/", "ip_literal_private"],
    ["a name the rule sends to loopback but no allow list names", "https://intranet.ssrf-lab.test/", "private_address"],
  ])("refuses %s before connecting", async (_label, url, reason) => {
    // Only names under .test are sent to the listener: IP literals go where they say, and are judged as such.
    const ruled = createEgressGuard({
      resolve: parseResolveRules([`*.test=127.0.0.1:${port}`]),
      allowPrivateTargets: web.allowPrivateTargets,
    });
    const before = connections;
    const result = await probeTransport({ url, guard: ruled, userAgent: "test", timeoutMs: 1000 });
    expect(result?.tls).toEqual({ kind: "refused", reason });
    expect(result?.http).toEqual({ kind: "refused", reason });
    expect(connections).toBe(before);
  });

  it("refuses a name that answers a public and a private address (DNS rebinding), and never asks twice", async () => {
    const lookup = createFakeLookup({ "rebind.example": ["93.184.216.34", "127.0.0.1"] });
    const rebinding = createEgressGuard({ lookup });
    const result = await probeTransport({ url: "https://rebind.example/", guard: rebinding, userAgent: "test", timeoutMs: 1000 });
    expect(result?.tls).toEqual({ kind: "refused", reason: "private_address" });
    expect(result?.http).toEqual({ kind: "refused", reason: "private_address" });
    // One check per probe, and the socket goes to the checked address: no second lookup to rebind on.
    expect(lookup.calls).toEqual(["rebind.example", "rebind.example"]);
  });

  it("times out on a peer that never answers the handshake", async () => {
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    const silentPort = await listenOnLoopback(silent);
    const ruled = createEgressGuard({ resolve: parseResolveRules([`*=127.0.0.1:${silentPort}`]), allowPrivateTargets: ["slow.test"] });
    const started = Date.now();
    expect(await probeTls({ target: { host: "slow.test", port: 443 }, guard: ruled, timeoutMs: 200 })).toEqual({ kind: "timed_out" });
    expect(Date.now() - started).toBeLessThan(2000);
    for (const socket of sockets) socket.destroy();
    await closeServer(silent);
  });
});

describe("probeHttp redirects", () => {
  const seen: Array<{ host: string | undefined; path: string | undefined; headers: IncomingHttpHeaders }> = [];
  const server = createServer((request, response) => {
    seen.push({ host: request.headers.host, path: request.url, headers: request.headers });
    const location: Record<string, string> = {
      "first.test": "http://second.test/",
      "second.test": "https://second.test/",
      "loop.test": "http://loop.test/",
      "escape.test": "http://intranet.escape.test/",
      "ftp.test": "ftp://ftp.test/",
    };
    const target = location[request.headers.host?.replace(/:\d+$/, "") ?? ""];
    if (target === undefined) response.writeHead(200, { "set-cookie": "tracker=1" }).end("plain");
    else response.writeHead(301, { location: target }).end();
  });
  let guard: ReturnType<typeof createEgressGuard>;
  beforeAll(async () => {
    const port = await listenOnLoopback(server);
    guard = createEgressGuard({
      resolve: parseResolveRules([`*=127.0.0.1:${port}`]),
      allowPrivateTargets: ["first.test", "second.test", "loop.test", "escape.test", "plain.test", "ftp.test"],
    });
  });
  afterAll(() => closeServer(server));
  const run = (host: string) => probeHttp({ target: { host, port: 80 }, guard, userAgent: "Mozilla/5.0 test", timeoutMs: 2000 });

  it("follows plain-HTTP hops until one points to https, asking for / with the visitor's host and no cookie", async () => {
    seen.length = 0;
    expect(await run("first.test")).toEqual({ kind: "answered", redirectsToHttps: true, reason: "redirects_to_https" });
    expect(seen.map(({ host, path }) => [host, path])).toEqual([
      ["first.test", "/"],
      ["second.test", "/"],
    ]);
    expect(seen.every(({ headers }) => headers.cookie === undefined)).toBe(true);
  });

  it.each([
    ["plain.test", { kind: "answered", redirectsToHttps: false, reason: "serves_http" }],
    ["loop.test", { kind: "answered", redirectsToHttps: false, reason: "too_many_redirects" }],
    ["ftp.test", { kind: "answered", redirectsToHttps: false, reason: "redirects_elsewhere" }],
    // The next hop is not allowed to reach loopback: refused by the guard, so the answer is unknown.
    ["escape.test", { kind: "answered", redirectsToHttps: null, reason: "redirect_not_followed" }],
  ])("%s: %j", async (host, expected) => {
    seen.length = 0;
    expect(await run(host)).toEqual(expected);
    expect(seen.some(({ host: asked }) => asked === "intranet.escape.test")).toBe(false);
  });
});
