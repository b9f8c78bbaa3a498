import { type IncomingHttpHeaders, request } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type EgressConnectEvent,
  type EgressGuard,
  type EgressProxy,
  type EgressRefusedEvent,
  createEgressGuard,
  parseResolveRules,
  startEgressProxy,
} from "../../src/network/index.js";
import { createFakeLookup } from "./support/fake-lookup.js";
import { type EchoServer, closedLoopbackPort, openRawClient, startEchoServer } from "./support/loopback.js";

interface ProxiedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends one request to the proxy in absolute form, as a browser does for http:// URLs. */
function proxiedRequest(
  proxy: EgressProxy,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string[] } = {},
): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const { method = "GET", headers = {}, body = [] } = options;
    const req = request({ host: "127.0.0.1", port: proxy.port, method, path: target, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    for (const chunk of body) req.write(chunk);
    req.end();
  });
}

const connectRequest = (authority: string) => `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`;
const upgradeRequest = (path: string, host: string) =>
  `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nProxy-Connection: keep-alive\r\n\r\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("startEgressProxy", () => {
  let echo: EchoServer;
  let proxy: EgressProxy;
  const refused: EgressRefusedEvent[] = [];
  const connected: EgressConnectEvent[] = [];

  beforeAll(async () => {
    echo = await startEchoServer();
    const deadPort = await closedLoopbackPort();
    const guard = createEgressGuard({
      resolve: parseResolveRules([`dead.fixture.test=127.0.0.1:${deadPort}`, `*.fixture.test=127.0.0.1:${echo.port}`]),
      allowPrivateTargets: ["*.fixture.test"],
      lookup: createFakeLookup({ "db.corp.test": ["10.0.0.5"] }),
    });
    proxy = await startEgressProxy({ guard, onRefused: (event) => refused.push(event), onConnect: (event) => connected.push(event) });
  });
  afterAll(async () => {
    await proxy.close();
    expect(echo.sockets.filter((socket) => !socket.destroyed)).toEqual([]);
    await echo.close();
  });
  beforeEach(() => {
    refused.length = 0;
    connected.length = 0;
  });

  it("listens on 127.0.0.1 only", () => {
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}`);
  });

  it("forwards an absolute-form request through a resolve rule, with the target's Host and without proxy headers", async () => {
    const response = await proxiedRequest(proxy, "http://www.fixture.test/hello?x=1", {
      headers: {
        Host: "www.fixture.test",
        "Proxy-Connection": "keep-alive",
        "Proxy-Authorization": "Basic c2VjcmV0",
        "X-Kept": "yes",
      },
    });
    expect(response.status).toBe(200);
    const seen = JSON.parse(response.body) as { method: string; path: string; host: string; headerNames: string[] };
    expect(seen).toMatchObject({ method: "GET", path: "/hello?x=1", host: "www.fixture.test" });
    expect(seen.headerNames).toContain("x-kept");
    expect(seen.headerNames).not.toContain("proxy-connection");
    expect(seen.headerNames).not.toContain("proxy-authorization");
    expect(response.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(connected).toEqual([{ host: "www.fixture.test", port: 80, address: "127.0.0.1" }]);
  });

  it("sets Host from the request target, not from the client's Host header", async () => {
    const response = await proxiedRequest(proxy, "http://www.fixture.test:8080/", { headers: { Host: "other.example" } });
    expect((JSON.parse(response.body) as { host: string }).host).toBe("www.fixture.test:8080");
  });

  it("forwards request bodies, chunked or with a length", async () => {
    const chunked = await proxiedRequest(proxy, "http://www.fixture.test/upload", { method: "POST", body: ["abc", "defg"] });
    expect(JSON.parse(chunked.body)).toMatchObject({ method: "POST", bodyLength: 7 });
    const sized = await proxiedRequest(proxy, "http://www.fixture.test/upload", {
      method: "PUT",
      headers: { "Content-Length": "5" },
      body: ["hello"],
    });
    expect(JSON.parse(sized.body)).toMatchObject({ method: "PUT", bodyLength: 5 });
  });

  it("refuses http://169.254.169.254/ with 403, reports it without the path, and connects nowhere", async () => {
    const response = await proxiedRequest(proxy, "http://169.254.169.254/latest/meta-data/iam?token=s3cret");
    expect(response.status).toBe(403);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toContain("metadata_address");
    expect(response.body).not.toMatch(/latest|s3cret/);
    expect(refused).toEqual([{ host: "169.254.169.254", port: 80, reason: "metadata_address" }]);
    expect(connected).toEqual([]);
  });

  it("refuses a CONNECT to a private target without opening a connection", async () => {
    const before = echo.sockets.length;
    const literal = await openRawClient(proxy.port);
    literal.socket.write(connectRequest(`127.0.0.1:${echo.port}`));
    expect(await literal.ended()).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n[\s\S]*ip_literal_private/);
    const named = await openRawClient(proxy.port);
    named.socket.write(connectRequest("db.corp.test:443"));
    expect(await named.ended()).toMatch(/^HTTP\/1\.1 403 [\s\S]*private_address/);
    const odd = await openRawClient(proxy.port);
    odd.socket.write(connectRequest(`0x7f.1:${echo.port}`));
    expect(await odd.ended()).toMatch(/^HTTP\/1\.1 403 [\s\S]*ip_literal_private/);
    expect(refused).toEqual([
      { host: "127.0.0.1", port: echo.port, reason: "ip_literal_private" },
      { host: "db.corp.test", port: 443, reason: "private_address" },
      { host: "127.0.0.1", port: echo.port, reason: "ip_literal_private" },
    ]);
    expect(echo.sockets.length).toBe(before);
  });

  it("tunnels CONNECT to the resolve rule's address and port, and HTTP flows through the tunnel", async () => {
    const client = await openRawClient(proxy.port);
    client.socket.write(connectRequest("WWW.Fixture.Test.:443"));
    await client.waitFor("\r\n\r\n");
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    client.socket.write("GET /through-the-tunnel HTTP/1.1\r\nHost: www.fixture.test\r\nConnection: close\r\n\r\n");
    const all = await client.ended();
    expect(all).toContain('"path":"/through-the-tunnel"');
    expect(connected).toEqual([{ host: "www.fixture.test", port: 443, address: "127.0.0.1" }]);
  });

  it("forwards bytes the client sent right after the CONNECT head", async () => {
    const client = await openRawClient(proxy.port);
    client.socket.write(
      `${connectRequest("www.fixture.test:443")}GET /eager HTTP/1.1\r\nHost: www.fixture.test\r\nConnection: close\r\n\r\n`,
    );
    expect(await client.ended()).toContain('"path":"/eager"');
  });

  it("carries a websocket-style upgrade through CONNECT in both directions", async () => {
    const client = await openRawClient(proxy.port);
    client.socket.write(connectRequest("ws.fixture.test:443"));
    await client.waitFor("\r\n\r\n");
    client.socket.write(upgradeRequest("/socket", "ws.fixture.test"));
    await client.waitFor("101 Switching Protocols");
    client.socket.write("frame-one");
    await client.waitFor("frame-one");
    client.socket.write("frame-two");
    expect(await client.waitFor("frame-two")).toMatch(/frame-one.*frame-two/s);
    client.socket.destroy();
  });

  it("forwards an absolute-form upgrade request and then the frames", async () => {
    const client = await openRawClient(proxy.port);
    client.socket.write(upgradeRequest("http://ws.fixture.test/chat", "ws.fixture.test"));
    const handshake = await client.waitFor("\r\n\r\n");
    expect(handshake).toMatch(/^HTTP\/1\.1 101 /);
    expect(handshake).toContain("X-Seen-Host: ws.fixture.test");
    client.socket.write("hello");
    await client.waitFor("hello");
    client.socket.destroy();
  });

  it("refuses an absolute-form upgrade to a private literal", async () => {
    const client = await openRawClient(proxy.port);
    client.socket.write(upgradeRequest("ws://10.0.0.1/chat", "10.0.0.1"));
    expect(await client.ended()).toMatch(/^HTTP\/1\.1 403 [\s\S]*ip_literal_private/);
  });

  it("answers 502 when the pinned address does not answer", async () => {
    expect((await proxiedRequest(proxy, "http://dead.fixture.test/")).status).toBe(502);
    const client = await openRawClient(proxy.port);
    client.socket.write(connectRequest("dead.fixture.test:443"));
    expect(await client.ended()).toMatch(/^HTTP\/1\.1 502 /);
    expect(refused).toEqual([]);
  });

  it("answers 400 to origin-form requests and malformed CONNECT targets", async () => {
    expect((await proxiedRequest(proxy, "/not-a-proxy-request")).status).toBe(400);
    expect((await proxiedRequest(proxy, "ftp://www.fixture.test/")).status).toBe(400);
    for (const target of ["www.fixture.test", "www.fixture.test:0", "www.fixture.test:99999", "user@www.fixture.test:443"]) {
      const client = await openRawClient(proxy.port);
      client.socket.write(connectRequest(target));
      expect(await client.ended()).toMatch(/^HTTP\/1\.1 400 /);
    }
  });

  it("closes the upstream side when the client drops a tunnel", async () => {
    const client = await openRawClient(proxy.port);
    client.socket.write(connectRequest("ws.fixture.test:443"));
    await client.waitFor("\r\n\r\n");
    const upstream = echo.sockets.at(-1);
    expect(upstream?.destroyed).toBe(false);
    const upstreamClosed = new Promise((resolve) => upstream?.once("close", resolve));
    client.socket.destroy();
    await upstreamClosed;
    expect(upstream?.destroyed).toBe(true);
  });

  it("keeps serving after garbage from a client", async () => {
    const client = await openRawClient(proxy.port);
    client.socket.write("\x00\x01 not http at all\r\n\r\n");
    await client.ended();
    expect((await proxiedRequest(proxy, "http://www.fixture.test/again")).status).toBe(200);
  });
});

describe("startEgressProxy, failures and shutdown", () => {
  let echo: EchoServer;

  beforeAll(async () => {
    echo = await startEchoServer();
  });
  afterAll(() => echo.close());

  /** A guard whose lookup answers 127.0.0.1 for `slow.test` only when the test releases it. */
  function createSlowGuard() {
    let release: () => void = () => undefined;
    let asked: () => void = () => undefined;
    const lookupStarted = new Promise<void>((resolve) => (asked = resolve));
    const guard = createEgressGuard({
      allowPrivateTargets: ["slow.test"],
      lookup: () => {
        asked();
        return new Promise((resolve) => (release = () => resolve([{ address: "127.0.0.1", family: 4 }])));
      },
    });
    return { guard, lookupStarted, release: () => release() };
  }

  it.each([
    ["a CONNECT", (port: number) => connectRequest(`slow.test:${port}`)],
    ["an absolute-form request", (port: number) => `GET http://slow.test:${port}/ HTTP/1.1\r\nHost: slow.test:${port}\r\n\r\n`],
    ["an upgrade", (port: number) => upgradeRequest(`http://slow.test:${port}/chat`, `slow.test:${port}`)],
  ])("does not connect for %s whose client left while the guard was deciding", async (_kind, requestFor) => {
    const slow = createSlowGuard();
    const connected: EgressConnectEvent[] = [];
    const proxy = await startEgressProxy({ guard: slow.guard, onConnect: (event) => connected.push(event) });
    const before = echo.sockets.length;
    const client = await openRawClient(proxy.port);
    client.socket.write(requestFor(echo.port));
    await slow.lookupStarted;
    client.socket.destroy();
    await client.ended();
    await sleep(50); // the proxy notices the closed connection on its next read
    slow.release();
    await sleep(100);
    expect(connected).toEqual([]);
    expect(echo.sockets.length).toBe(before);
    await proxy.close();
  });

  it("does connect once the guard decides for a client that is still there (the control case)", async () => {
    const slow = createSlowGuard();
    const proxy = await startEgressProxy({ guard: slow.guard });
    const client = await openRawClient(proxy.port);
    client.socket.write(connectRequest(`slow.test:${echo.port}`));
    await slow.lookupStarted;
    slow.release();
    expect(await client.waitFor("\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /);
    client.socket.destroy();
    await proxy.close();
  });

  it("answers 502 when the guard itself fails, and survives observers that throw", async () => {
    const failing: EgressGuard = { check: () => Promise.reject(new Error("boom")) };
    const proxy = await startEgressProxy({
      guard: failing,
      onRefused: () => {
        throw new Error("observer bug");
      },
    });
    expect((await proxiedRequest(proxy, "http://www.fixture.test/")).status).toBe(502);
    await proxy.close();

    const refusing = await startEgressProxy({
      guard: createEgressGuard({ lookup: createFakeLookup({}) }),
      onRefused: () => {
        throw new Error("observer bug");
      },
    });
    expect((await proxiedRequest(refusing, "http://127.0.0.1/")).status).toBe(403);
    expect((await proxiedRequest(refusing, "http://10.0.0.1/")).status).toBe(403);
    await refusing.close();
  });

  it("destroys open tunnels on close() and stops listening", async () => {
    const guard = createEgressGuard({
      resolve: parseResolveRules([`*.fixture.test=127.0.0.1:${echo.port}`]),
      allowPrivateTargets: ["*.fixture.test"],
    });
    const proxy = await startEgressProxy({ guard });
    const client = await openRawClient(proxy.port);
    client.socket.write(connectRequest("ws.fixture.test:443"));
    await client.waitFor("\r\n\r\n");
    const upstream = echo.sockets.at(-1);
    const upstreamClosed = new Promise((resolve) => upstream?.once("close", resolve));
    await proxy.close();
    await client.ended();
    await upstreamClosed;
    expect(client.socket.destroyed).toBe(true);
    await expect(openRawClient(proxy.port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    await expect(proxy.close()).resolves.toBeUndefined();
  });
});
