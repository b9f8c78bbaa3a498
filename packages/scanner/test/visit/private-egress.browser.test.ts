import { createSocket, type Socket } from "node:dgram";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import puppeteer from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveExecutable } from "../../src/browser/resolve-executable.js";
import { createLocalSiteScanner } from "../support/create-local-site-scanner.js";

/**
 * Traffic that does not go through an HTTP proxy: WebRTC's UDP (STUN) and WebTransport's QUIC. The page aims
 * both at a loopback port that stands for a private service; the scanning browser must send it nothing. The
 * same page in a browser without the scanner's flags shows the probes are real (the packets arrive there).
 * (Service workers need a secure context, which this plain-HTTP page is not; their fetches use the
 * context's proxy like the page's.)
 */
let udp: Socket;
let udpPort: number;
let udpPackets = 0;
let site: Server;
let sitePort: number;
const siteHits: string[] = [];

const page = (udpTarget: number) => `<!doctype html><title>Probes</title><p>Probes</p>
<script>
  const rtc = new RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:${udpTarget}" }] });
  rtc.createDataChannel("probe");
  rtc.createOffer().then((offer) => rtc.setLocalDescription(offer)).catch(() => {});
  try { new WebTransport("https://127.0.0.1:${udpTarget}/probe").ready.catch(() => {}); } catch {}
</script>`;
beforeAll(async () => {
  udp = createSocket("udp4");
  udp.on("message", () => void (udpPackets += 1));
  await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  udpPort = udp.address().port;
  site = createServer((request, response) => {
    siteHits.push(request.url ?? "");
    response.writeHead(200, { "content-type": "text/html" });
    response.end(request.url === "/" ? page(udpPort) : "ok");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  udp.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

describe("traffic around the proxy", () => {
  it("reaches a private address from an ordinary browser (the probes are real)", async () => {
    const source = await resolveExecutable();
    if (source.kind === "remote") throw new Error("this test starts its own browser");
    const browser = await puppeteer.launch({
      executablePath: source.path,
      headless: source.kind === "serverless" ? "shell" : true,
      args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
    });
    try {
      const before = udpPackets;
      const tab = await browser.newPage();
      await tab.goto(`http://127.0.0.1:${sitePort}/`);
      await expect.poll(() => udpPackets - before, { timeout: 5000 }).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });

  it("never leaves the scanning browser: no STUN or QUIC packet reaches the private address", async () => {
    const scanner = createLocalSiteScanner({ host: "probes.test", port: sitePort, observeMs: 1500 });
    const packets = udpPackets;
    siteHits.length = 0;
    try {
      const observations = await scanner.scan({ url: `http://probes.test:${sitePort}/` });
      expect(observations.navigation.pageKind).toBe("html");
    } finally {
      await scanner.close();
    }
    expect(udpPackets - packets).toBe(0);
    // The page did load and run in the scan.
    expect(siteHits).toContain("/");
  });
});
