import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

interface ActionStep {
  id?: string;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
}

/**
 * The repository's GitHub Action (action.yml), its scan step run as a runner runs it (`bash -eo pipefail`,
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, inputs only through its env), against the fixture web. Its install step
 * is what `npm test` has already done (install and build), so it is not run here; nothing was run on GitHub.
 */
describe("the GitHub Action", () => {
  let work: string;
  let step: ActionStep;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "public-scan-action-"));
    const action = parse(await readFile(join(ROOT, "action.yml"), "utf8")) as { runs: { using: string; steps: ActionStep[] } };
    expect(action.runs.using).toBe("composite");
    step = action.runs.steps.find((candidate) => candidate.id === "scan")!;
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  async function runStep(inputs: Record<string, string>) {
    const web = inject("fixtureWeb");
    const caFile = join(work, "fixture-ca.pem");
    await writeFile(caFile, web.caCertPem);
    const reach = [...web.resolveRules.map((rule) => `--resolve ${rule}`), `--allow-private-targets ${web.allowPrivateTargets.join(",")}`];
    const outputFile = join(work, `output-${Object.keys(inputs).length}-${Date.now()}`);
    const summaryFile = `${outputFile}.summary`;
    // Every input the step reads from its env, as the runner sets them from the action's inputs and defaults.
    const env: Record<string, string> = {
      ...(Object.fromEntries(Object.keys(step.env ?? {}).map((name) => [name, ""])) as Record<string, string>),
      PUBLIC_SCAN_ROOT: ROOT,
      INPUT_FAIL_ON: "high",
      INPUT_OUTPUT: "json,sarif,junit,md",
      INPUT_OUTPUT_PATH: "public-scan-report",
      INPUT_ARGS: [...reach, `--extra-ca-certs ${caFile}`, "--phases pre_consent_only --observe-ms 300"].join(" "),
      ...inputs,
    };
    const child = spawn("bash", ["-eo", "pipefail", "-c", step.run!], {
      cwd: work,
      env: {
        ...process.env,
        ...env,
        GITHUB_WORKSPACE: work,
        RUNNER_TEMP: work,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    const outputs = Object.fromEntries(
      (existsSync(outputFile) ? await readFile(outputFile, "utf8") : "")
        .split("\n")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    return { code, stderr, outputs, summary: existsSync(summaryFile) ? await readFile(summaryFile, "utf8") : "" };
  }

  it("fails the job on high findings, after writing its outputs, files and job summary", async () => {
    const site = inject("fixtureWeb").sites.find((candidate) => candidate.id === "daily-courier")!;
    const { code, stderr, outputs, summary } = await runStep({ INPUT_URL: site.url });
    expect(stderr).toContain("gate failed");
    expect(code).toBe(1);
    expect(outputs["exit-code"]).toBe("1");
    expect(outputs["report-path"]).toBe(join(work, "public-scan-report"));
    expect(outputs.sarif).toBe(join(work, "public-scan-report", "public-scan.sarif"));
    expect(JSON.parse(await readFile(outputs.sarif!, "utf8"))).toMatchObject({ version: "2.1.0" });
    expect(summary).toContain("### public-scan: www\\.daily\\-courier\\.test");
  }, 90_000);

  it("passes a clean site, and takes a URL that tries to inject shell code as a URL", async () => {
    const site = inject("fixtureWeb").sites.find((candidate) => candidate.id === "quiet-bakery")!;
    const passed = await runStep({ INPUT_URL: site.url });
    expect(passed.code).toBe(0);
    expect(passed.outputs["exit-code"]).toBe("0");
    const marker = join(work, "injected");
    const hostile = await runStep({ INPUT_URL: `https://x.example/$(touch ${marker})\`touch ${marker}\`;touch ${marker}` });
    expect(existsSync(marker)).toBe(false);
    expect(hostile.code).not.toBe(0);
  }, 90_000);
});
