import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

interface ActionStep {
  id?: string;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
}

/** Runs one step's script as a runner does: `bash -eo pipefail`, its env, and the runner's files. */
async function runAsRunner(script: string, options: { cwd: string; env: Record<string, string> }) {
  const child = spawn("bash", ["-eo", "pipefail", "-c", script], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { code, stderr };
}

/** `KEY=value` lines of a runner file (GITHUB_OUTPUT, GITHUB_ENV) as an object. */
async function readRunnerFile(path: string): Promise<Record<string, string>> {
  return Object.fromEntries(
    (existsSync(path) ? await readFile(path, "utf8") : "")
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

async function readActionSteps(): Promise<ActionStep[]> {
  const action = parse(await readFile(join(ROOT, "action.yml"), "utf8")) as { runs: { using: string; steps: ActionStep[] } };
  expect(action.runs.using).toBe("composite");
  return action.runs.steps;
}

/**
 * The repository's GitHub Action (action.yml) as a runner runs its steps (`bash -eo pipefail`, GITHUB_OUTPUT,
 * GITHUB_ENV, GITHUB_STEP_SUMMARY, inputs only through their env), against the fixture web. The install step
 * is run with an `npm` that records what it was asked to install (npm's registry is not reached from tests);
 * the scan step runs the command as its package would be installed: `pnpm deploy` of @public-scan/server, its
 * manifest's `files` and production dependencies only, workspace packages as they would be published.
 * Nothing was run on GitHub's runners.
 */
describe("the GitHub Action's install step", () => {
  let work: string;
  let install: ActionStep;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "public-scan-action-install-"));
    install = (await readActionSteps()).find((candidate) => candidate.id === "install")!;
    // An npm that records its arguments, one per line.
    await mkdir(join(work, "bin"));
    await writeFile(join(work, "bin", "npm"), '#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$NPM_ARGS_FILE"\n', { mode: 0o755 });
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  async function runInstall(inputPackage: string) {
    const argsFile = join(work, `npm-args-${Date.now()}`);
    const envFile = join(work, `env-${Date.now()}`);
    const { code, stderr } = await runAsRunner(install.run!, {
      cwd: work,
      env: {
        PATH: `${join(work, "bin")}:${process.env.PATH ?? ""}`,
        NPM_ARGS_FILE: argsFile,
        PUBLIC_SCAN_ROOT: ROOT,
        INPUT_PACKAGE: inputPackage,
        RUNNER_TEMP: work,
        GITHUB_ENV: envFile,
      },
    });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    return { npmArgs: (await readFile(argsFile, "utf8")).trim().split("\n"), env: await readRunnerFile(envFile) };
  }

  it("installs the published command of the action's own release by default, outside the workspace", async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, "apps/server/package.json"), "utf8")) as { version: string };
    const { npmArgs, env } = await runInstall("");
    expect(npmArgs).toEqual([
      "install",
      "--prefix",
      join(work, "public-scan-cli"),
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--omit=dev",
      "--",
      `@public-scan/server@${version}`,
    ]);
    expect(env).toEqual({ PUBLIC_SCAN_CLI: join(work, "public-scan-cli", "node_modules", ".bin", "public-scan") });
  });

  it("installs the package input as one argument: a version spec as given, a tarball by its absolute path", async () => {
    expect((await runInstall("@public-scan/server@1.4.0")).npmArgs.at(-1)).toBe("@public-scan/server@1.4.0");
    await writeFile(join(work, "public-scan-server-1.4.0.tgz"), "");
    expect((await runInstall("public-scan-server-1.4.0.tgz")).npmArgs.at(-1)).toBe(join(work, "public-scan-server-1.4.0.tgz"));
    const hostile = await runInstall("--global x; touch injected");
    expect(hostile.npmArgs.slice(-2)).toEqual(["--", "--global x; touch injected"]);
    expect(existsSync(join(work, "injected"))).toBe(false);
  });
});

describe("the GitHub Action's scan step, running the command as published", () => {
  let work: string;
  let step: ActionStep;
  let cli: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "public-scan-action-"));
    step = (await readActionSteps()).find((candidate) => candidate.id === "scan")!;
    // The package as npm would install it: its `files` and production dependencies, nothing of the checkout.
    const deployed = join(work, "cli");
    // Async, so the worker stays responsive while pnpm copies the packages.
    await promisify(execFile)(
      join(ROOT, "scripts/pnpm"),
      // From the workspace's lockfile and store (injected workspace packages: copies of their `files`), offline.
      ["--filter", "@public-scan/server", "--config.inject-workspace-packages=true", "deploy", "--prod", "--offline", deployed],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(readdirSync(deployed).sort()).toEqual(["README.md", "bin", "dist", "node_modules", "package.json", "pnpm-lock.yaml"]);
    // The workspace packages in it are what npm would unpack: their `files`, no sources or tests.
    const scanner = readdirSync(join(deployed, "node_modules/@public-scan/scanner"));
    expect(scanner).toEqual(expect.arrayContaining(["data", "dist", "package.json"]));
    expect(scanner.filter((name) => ["src", "test", "bench"].includes(name))).toEqual([]);
    cli = join(deployed, "bin", "public-scan.mjs");
  }, 180_000);
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
      // What the install step put in GITHUB_ENV.
      PUBLIC_SCAN_CLI: cli,
      INPUT_FAIL_ON: "high",
      INPUT_OUTPUT: "json,sarif,junit,md",
      INPUT_OUTPUT_PATH: "public-scan-report",
      INPUT_ARGS: [...reach, `--extra-ca-certs ${caFile}`, "--phases pre_consent_only --observe-ms 300"].join(" "),
      ...inputs,
    };
    const { code, stderr } = await runAsRunner(step.run!, {
      cwd: work,
      env: { ...env, GITHUB_WORKSPACE: work, RUNNER_TEMP: work, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile },
    });
    const outputs = await readRunnerFile(outputFile);
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
