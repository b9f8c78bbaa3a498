import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalSiteScanner } from "../support/create-local-site-scanner.js";

/**
 * The policy and gpc.json reads start with the observe window, from the links the page has then, and the
 * snapshot keeps them only when its links are the same: a scan without consent phases no longer waits for
 * the policy after its snapshot, and a page whose links change during the window is read from the
 * snapshot's links, as before. The policy page dismisses one dialog, which must be counted once either way.
 */
const FOOTER_LINK = `<a href="/privacy-policy">Privacy policy</a>`;
const page = (footer: string, script = "") =>
  `<!doctype html><html lang="en"><title>Shop</title><main><p>Welcome to the shop.</p></main><footer id="f">${footer}</footer>${script}</html>`;
const PAGES: Record<string, string> = {
  // The link is there from the start.
  "/stable": page(FOOTER_LINK),
  // The link appears 1.5 s after load: after the window started (network idle, 500 ms after load), a second
  // before the snapshot (2.5 s later).
  "/late": page(
    "",
    `<script>setTimeout(() => { document.getElementById("f").innerHTML = ${JSON.stringify(FOOTER_LINK)}; }, 1500);</script>`,
  ),
  "/privacy-policy":
    `<!doctype html><html lang="en"><title>Privacy policy</title><script>alert("policy");</script><h1>Privacy policy</h1>` +
    `<p>We process personal data as controller. Contact our data protection officer. You have the right to access and ` +
    `erasure and to lodge a complaint with a supervisory authority. We keep data for 12 months.</p></html>`,
};

let server: Server;
let port: number;
/** When each path was requested, in this process's clock. */
const requested: Array<{ path: string; at: number }> = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    requested.push({ path, at: Date.now() });
    const body = PAGES[path];
    response.writeHead(body === undefined ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
    response.end(body ?? "<!doctype html><title>Not found</title><p>Not found</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function scan(path: string) {
  const scanner = createLocalSiteScanner({ host: "shop.test", port, observeMs: 2500 });
  requested.length = 0;
  try {
    const observations = await scanner.scan({ url: `http://shop.test:${port}${path}` });
    const pageAt = requested.find((entry) => entry.path === path)!.at;
    const policyAt = requested.filter((entry) => entry.path === "/privacy-policy").map((entry) => entry.at - pageAt);
    return { observations, policyAt };
  } finally {
    await scanner.close();
  }
}

describe("the policy read during the observe window", () => {
  it("reads the policy while the window runs when the page's links do not change, and counts its dialog once", async () => {
    const { observations, policyAt } = await scan("/stable");
    expect(observations.privacyPolicy).toMatchObject({ link: { foundIn: "footer" }, fetchStatus: "ok" });
    // Fetched once, before the snapshot (the window ends 2.5 s after network idle).
    expect(policyAt).toHaveLength(1);
    expect(policyAt[0]!).toBeLessThan(observations.visitTimes!.preConsentSnapshotMs);
    expect(observations.pageBehaviour?.dialogsDismissed).toBe(1);
  });

  it("reads the policy again from the snapshot's links when they changed, and never counts the dropped read's dialog", async () => {
    const { observations, policyAt } = await scan("/late");
    // The snapshot's footer link, not the common path the window's first read fell back on.
    expect(observations.privacyPolicy).toMatchObject({ link: { foundIn: "footer" }, fetchStatus: "ok" });
    // The window's read (a common path, the page had no link yet) ran, then the snapshot's (its link). On a
    // machine so slow that the window's read began after the link appeared, it was the only one, and kept.
    expect(policyAt[0]!).toBeLessThan(observations.visitTimes!.preConsentSnapshotMs);
    if (policyAt.length === 2) expect(policyAt[1]!).toBeGreaterThanOrEqual(observations.visitTimes!.preConsentSnapshotMs);
    expect(policyAt.length).toBeLessThanOrEqual(2);
    expect(observations.pageBehaviour?.dialogsDismissed).toBe(1);
  });
});
