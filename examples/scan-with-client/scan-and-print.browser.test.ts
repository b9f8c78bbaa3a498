import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseServeConfig, runKeysCommand, startReferenceServer, type ReferenceServer } from "@public-scan/server";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { scanAndPrint } from "./scan-and-print.js";

/**
 * The example checks itself against the reference server (`pnpm serve`) on the bundled fixture web: the
 * printed report of daily-courier names the trackers its ground truth says load before consent, and a wrong
 * key prints the error envelope's own message.
 */
const web = inject("fixtureWeb");
const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
/** `text` as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
let dataDir: string;
let server: ReferenceServer;
let key: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "example-scan-with-client-"));
  // An operator's support key, as `pnpm keys issue --scopes scan:read,scan:create` prints it.
  let printed = "";
  await runKeysCommand(["issue", "--scopes", "scan:read,scan:create", "--data-dir", dataDir], {
    stdout: (text) => (printed += text),
    stderr: () => {},
  });
  key = printed.trim();
  // The fixture web's CA, as an operator's extra CA file: the shared browser trusts it already, and the
  // scanner's own TLS check then does too.
  await writeFile(join(dataDir, "fixture-ca.pem"), web.caCertPem);
  server = await startReferenceServer(
    parseServeConfig([], {
      PUBLIC_SCAN_PORT: "0",
      PUBLIC_SCAN_DATA_DIR: dataDir,
      // The fixture web's names resolve to its loopback port.
      PUBLIC_SCAN_RESOLVE: web.resolveRules.join(","),
      PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS: web.allowPrivateTargets.join(","),
      PUBLIC_SCAN_EXTRA_CA_CERTS: join(dataDir, "fixture-ca.pem"),
      PUBLIC_SCAN_BROWSER_WS_ENDPOINT: inject("browserWSEndpoint"),
      PUBLIC_SCAN_REMOTE_BROWSER: "trusted",
      // Before consent only, with a short observe window: what the report prints, fast.
      PUBLIC_SCAN_PHASES: "pre_consent_only",
      PUBLIC_SCAN_OBSERVE_MS: "300",
      PUBLIC_SCAN_SHUTDOWN_GRACE_MS: "2000",
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("prints the score, the findings and the trackers daily-courier loads before consent", async () => {
  const lines: string[] = [];
  const code = await scanAndPrint({ baseUrl: server.url, apiKey: key, url: site.url, print: (line) => lines.push(line) });
  const report = lines.join("\n");
  expect(code, report).toBe(0);
  expect(report).toMatch(new RegExp(`^Scan \\S+ of ${literal(site.host)}: completed$`, "m"));
  expect(report).toMatch(/^Score \d+\/100 \(final\), risk level \w+, coverage \w+$/m);
  expect(report).toMatch(/^\.\.\. \w+: \w+ \(\d+%/m);
  // Each finding as `[criticality] id: label`; a site with trackers before consent has high ones.
  expect(report).toMatch(/^ {2}\[high\] [a-z_]+: .+\(trackers, priority \d/m);
  // The ground truth's Google tag and Meta pixel load at once (Hotjar, 1.5 s after load, may fall after
  // the short observe window, so it is not asserted).
  const { trackerHosts, trackerVendors } = site.groundTruth.preConsent;
  for (const [vendor, host] of [
    ["Google", "www.googletagmanager.com"],
    ["Meta", "connect.facebook.net"],
  ] as const) {
    expect(trackerVendors).toContain(vendor);
    expect(trackerHosts).toContain(host);
    expect(report).toMatch(new RegExp(`^ {2}tracker +- +${vendor} +${literal(host)} +\\w+ +third_party +\\d+ request`, "m"));
  }
  expect(report).toContain(`Report: ${server.baseUrl}/reports/`);
});

it("prints the error envelope's message when the key is refused", async () => {
  const wrongKey = "svc_ro_notakeyatall0000000000000000000";
  // What the service itself answers to that key: the line must carry this message as it is.
  const answer = await fetch(`${server.url}/api/v2/scans`, {
    method: "POST",
    headers: { authorization: `Bearer ${wrongKey}`, "content-type": "application/json" },
    body: JSON.stringify({ url: site.url }),
  });
  expect(answer.status).toBe(401);
  const envelope = (await answer.json()) as { error: { code: string; message: string } };

  const lines: string[] = [];
  const code = await scanAndPrint({ baseUrl: server.url, apiKey: wrongKey, url: site.url, print: (line) => lines.push(line) });
  expect(code).toBe(1);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Error 401 unauthorized: ${literal(envelope.error.message)} \\[request \\S+\\]$`));
});
