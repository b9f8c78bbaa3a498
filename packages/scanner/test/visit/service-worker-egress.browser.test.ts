import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalSiteScanner } from "../support/create-local-site-scanner.js";

/**
 * Service and shared workers run in the scan like in a visitor's browser, and what they fetch goes through
 * the egress guard like the page's own requests. The page is served as `localhost` so that it is a secure
 * context (service workers need one) without a certificate; its workers reach for a private service on
 * loopback, by name and by address, which must never be hit.
 */
let site: Server;
let sitePort: number;
let internal: Server;
let internalPort: number;
const siteHits: string[] = [];
let internalHits = 0;

const page = `<!doctype html><title>Workers</title><p>Workers</p>
<script>
  navigator.serviceWorker.register("/service-worker.js");
  new SharedWorker("/shared-worker.js");
</script>`;
const worker = (name: string, internalPort: number) => `
const probe = () => Promise.allSettled([
  fetch("/${name}-ran"),
  fetch("https://www.google-analytics.com/g/collect?v=2"),
  fetch("http://internal.test:${internalPort}/${name}-probe"),
  fetch("http://127.0.0.1:${internalPort}/${name}-probe"),
]);
${name === "service-worker" ? 'self.addEventListener("install", (event) => event.waitUntil(probe()));' : "probe();"}`;

beforeAll(async () => {
  internal = createServer((_request, response) => {
    internalHits += 1;
    response.end("secret");
  });
  await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
  internalPort = (internal.address() as AddressInfo).port;
  site = createServer((request, response) => {
    const path = request.url ?? "";
    siteHits.push(path);
    const script = /^\/(service-worker|shared-worker)\.js$/.exec(path);
    response.writeHead(200, { "content-type": script ? "text/javascript" : "text/html" });
    response.end(script ? worker(script[1]!, internalPort) : path === "/" ? page : "ok");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

describe("service and shared workers", () => {
  it("run during the scan, are observed, and reach nothing private", async () => {
    const scanner = createLocalSiteScanner({ host: "localhost", port: sitePort, observeMs: 2000 });
    siteHits.length = 0;
    internalHits = 0;
    try {
      const observations = await scanner.scan({ url: `http://localhost:${sitePort}/` });
      expect(observations.frames.map((frame) => frame.kind)).toEqual(expect.arrayContaining(["service_worker"]));
      // The workers' own requests are in the evidence: the tracker and the refused private targets.
      const hosts = observations.requests.map((request) => request.host);
      expect(hosts).toEqual(expect.arrayContaining(["www.google-analytics.com", "internal.test", "127.0.0.1"]));
      const privateTargets = observations.requests.filter((request) => request.host === "internal.test" || request.host === "127.0.0.1");
      expect(privateTargets.every((request) => request.refused)).toBe(true);
    } finally {
      await scanner.close();
    }
    expect(siteHits).toEqual(
      expect.arrayContaining(["/service-worker.js", "/service-worker-ran", "/shared-worker.js", "/shared-worker-ran"]),
    );
    expect(internalHits).toBe(0);
  });
});
