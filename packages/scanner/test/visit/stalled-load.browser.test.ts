import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOAD_AFTER_DOCUMENT_MS } from "../../src/visit/navigate.js";
import { createLocalSiteScanner } from "../support/create-local-site-scanner.js";

/**
 * A page whose load event never fires: its document arrives and runs at once, but one image (a stalled
 * ad pixel, a live-score badge whose server hangs) is never answered. A visitor sees and uses the page; the
 * scan must too, instead of calling it unreachable after the navigation timeout.
 */
const STALLED_PAGE = `<!doctype html><html lang="en"><title>Live scores</title>
<script>document.cookie = "visitor=1; path=/; max-age=86400";</script>
<h1>Live scores</h1><p>Kick-off at eight.</p>
<img src="/badge.gif" alt="" width="1" height="1">`;

let server: Server;
let port: number;
const sockets = new Set<Socket>();
beforeAll(async () => {
  server = createServer((request, response) => {
    // The badge is never answered: the request stays open until the test ends.
    if (request.url === "/badge.gif") return;
    response.writeHead(request.url === "/" ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    response.end(request.url === "/" ? STALLED_PAGE : "<p>Not found</p>");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("a page whose load event never fires", () => {
  it("is scanned from its document on: an HTML page with its cookie, no load time, not unreachable", async () => {
    const scanner = createLocalSiteScanner({ host: "stalled.test", port });
    const started = Date.now();
    try {
      const observations = await scanner.scan({ url: `http://stalled.test:${port}/` });
      expect(observations.navigation).toMatchObject({ pageKind: "html", httpStatus: 200, reachedNetworkIdle: false });
      expect(observations.navigation.timings.domContentLoadedMs).not.toBeNull();
      expect(observations.navigation.timings.loadMs).toBeNull();
      expect(observations.cookies.map((cookie) => cookie.name)).toContain("visitor");
      expect(observations.phases?.find((phase) => phase.phase === "pre_consent")?.status).toBe("completed");
    } finally {
      await scanner.close();
    }
    // It waited for load no longer than its bound, not the 30 s navigation timeout (slack for a loaded machine).
    expect(Date.now() - started).toBeLessThan(LOAD_AFTER_DOCUMENT_MS + 15_000);
  });
});
