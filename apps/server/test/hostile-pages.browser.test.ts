import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOSTILE_PAGES } from "@public-scan/fixture-web";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runKeysCommand } from "../src/run-keys-command.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";

/** A health answer slower than this fails the test: far above the 1 s aim, for a busy 2-core machine. */
const HEALTH_BOUND_MS = 3000;
const HEALTH_EVERY_MS = 250;
const TERMINAL = ["completed", "completed_limited", "failed", "expired"];

interface ScanBody {
  status: string;
  resultDisposition?: string;
  resultDispositionReason?: { code: string } | null;
}

/**
 * The hostile lab's whole corpus, scanned by a real `pnpm serve` with its own browser (the production path:
 * the DevTools pipe, as root the unprivileged browser user), two scans at a time, the full phases. Health is
 * asked throughout: it answers every time within the bound, the process never exits, every scan ends, and
 * the pages that flood the scanner end as a `page_disrupted` no-go. Then an ordinary site still scans.
 */
describe("the hostile corpus cannot take the server down", () => {
  const web = inject("fixtureWeb");
  let root: string;
  let server: ServeProcess;
  let key: string;
  const keyed = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api/v2${path}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "public-scan-hostile-"));
    await writeFile(join(root, "fixture-ca.pem"), web.caCertPem);
    let printed = "";
    await runKeysCommand(["issue", "--scopes", "scan:read,scan:create", "--data-dir", join(root, "data")], {
      stdout: (text) => (printed += text),
      stderr: () => {},
    });
    key = printed.trim();
    const env: Record<string, string> = {
      ...fixtureServeEnv(join(root, "data")),
      PUBLIC_SCAN_CONCURRENCY: "2",
      PUBLIC_SCAN_EXTRA_CA_CERTS: join(root, "fixture-ca.pem"),
      PUBLIC_SCAN_ACCOUNTS: "off",
      PUBLIC_SCAN_PHASES: "full",
    };
    delete env.PUBLIC_SCAN_BROWSER_WS_ENDPOINT;
    delete env.PUBLIC_SCAN_REMOTE_BROWSER;
    server = await startServeProcess({ args: [], env });
  });
  afterAll(async () => {
    await server?.kill();
    await rm(root, { recursive: true, force: true });
  });

  it("scans every hostile page with health answering throughout", { timeout: 420_000 }, async () => {
    const origin = server.url!;
    const health: number[] = [];
    const failures: string[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const started = Date.now();
        try {
          const response = await fetch(`${origin}/api/v2/health`, { signal: AbortSignal.timeout(HEALTH_BOUND_MS) });
          if (response.status !== 200) failures.push(`health answered ${response.status}`);
          await response.arrayBuffer();
        } catch (error) {
          failures.push(`health did not answer within ${HEALTH_BOUND_MS} ms (${String(error)})`);
        }
        health.push(Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    })();

    const scans = new Map<string, string>();
    for (const page of HOSTILE_PAGES) {
      const created = await keyed("/scans", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: page.url }),
      });
      expect(created.status, page.id).toBe(202);
      scans.set(page.id, ((await created.json()) as { scanId: string }).scanId);
    }
    const ended = new Map<string, ScanBody>();
    const until = Date.now() + 360_000;
    while (ended.size < scans.size && Date.now() < until && server.child.exitCode === null) {
      // The status route, every 2 s for the scans still running: well inside the status-poll limit.
      for (const [id, scanId] of scans) {
        if (ended.has(id)) continue;
        const { status } = (await (await keyed(`/scans/${scanId}/status`)).json()) as ScanBody;
        if (!TERMINAL.includes(status)) continue;
        const read = await keyed(`/scans/${scanId}`);
        ended.set(
          id,
          read.status === 200 ? ((await read.json()) as ScanBody) : { status: `${status} (read ${read.status}: ${await read.text()})` },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    watching = false;
    await watch;

    expect(server.child.exitCode, server.output().slice(-4000)).toBeNull();
    expect(failures).toEqual([]);
    expect(health.length).toBeGreaterThan(10);
    expect([...scans.keys()].filter((id) => !ended.has(id))).toEqual([]);
    // A hostile page gets an answer, never a failure to retry into the same page.
    const outcomes = Object.fromEntries(
      [...ended].map(([id, body]) => [id, `${body.status}/${body.resultDispositionReason?.code ?? "-"}`]),
    );
    for (const [id, outcome] of Object.entries(outcomes)) expect(outcome, id).toMatch(/^completed/);
    for (const id of ["giant-console", "giant-exception"]) expect(outcomes[id], id).toBe("completed_limited/page_disrupted");
    // The tampered page is read in an isolated world: it is a page with content, not an empty document.
    expect(outcomes["prototype-tampering"]).not.toMatch(/empty_document/);

    // The server goes on: an ordinary site is scanned as usual.
    const site = web.sites.find((candidate) => candidate.id === "quiet-bakery")!;
    const next = await keyed("/scans", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: site.url }),
    });
    expect(next.status).toBe(202);
    const { scanId } = (await next.json()) as { scanId: string };
    let status = "queued";
    for (const stop = Date.now() + 60_000; !TERMINAL.includes(status) && Date.now() < stop;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = ((await (await keyed(`/scans/${scanId}/status`)).json()) as ScanBody).status;
    }
    expect(status).toBe("completed");
    console.info(
      `hostile corpus: ${health.length} health answers, slowest ${Math.max(...health)} ms; outcomes ${JSON.stringify(outcomes)}`,
    );
  });
});
