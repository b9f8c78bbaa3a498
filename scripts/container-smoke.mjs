// Builds the container image (apps/server/Dockerfile) and smoke-tests it with podman or docker: start it with a data volume
// and --demo, wait for /livez, run a demo scan through the REST API, check /readyz and the browser's sandbox
// inside the container, then stop it with SIGTERM and check it exits 0 within the grace period.
//
//   node scripts/container-smoke.mjs [--base-image IMAGE] [--skip-build] [--keep]
//
// Environment: CONTAINER_ENGINE (podman or docker; default: podman if installed), CONTAINER_RUNTIME (podman's
// --runtime, e.g. runc where crun refuses a cgroup v1/v2 hybrid host), CONTAINER_SMOKE_IMAGE (the tag; default
// localhost/public-scan:smoke), CONTAINER_SMOKE_RUN_ARGS (more `run` arguments, space-separated, e.g. ulimits).
// Without --base-image the Dockerfile's default base (node:24-bookworm-slim) is pulled; where no registry can be
// reached, scripts/container-local-base.sh builds a stand-in (--base-image localhost/node:24-bookworm-slim).
// docs/operations.md "Container image" says what this proves and what it does not.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = fileURLToPath(new URL("../", import.meta.url));
const { values: options } = parseArgs({
  options: { "base-image": { type: "string" }, "skip-build": { type: "boolean" }, keep: { type: "boolean" } },
});
const engine = process.env.CONTAINER_ENGINE || (spawnSync("podman", ["--version"]).status === 0 ? "podman" : "docker");
const engineArgs = engine === "podman" && process.env.CONTAINER_RUNTIME ? ["--runtime", process.env.CONTAINER_RUNTIME] : [];
const image = process.env.CONTAINER_SMOKE_IMAGE || "localhost/public-scan:smoke";
const runArgs = (process.env.CONTAINER_SMOKE_RUN_ARGS || "").split(" ").filter(Boolean);
const name = `public-scan-smoke-${process.pid}`;
const volume = `${name}-data`;
const started = Date.now();

function containerEngine(args, { check = true, quiet = false } = {}) {
  const result = spawnSync(engine, [...engineArgs, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", quiet ? "pipe" : "inherit"] });
  if (check && result.status !== 0)
    throw new Error(`${engine} ${args[0]} failed (${result.status}): ${result.stdout}${result.stderr ?? ""}`);
  return result.stdout.trim();
}

/** Host pids of a running container's processes (`podman top … hpid`, `docker top` lists host pids). */
function hostPidsOf(container) {
  const lines = engine === "podman" ? containerEngine(["top", container, "hpid"]) : containerEngine(["top", container, "-o", "pid"]);
  return lines
    .split("\n")
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => /^\d+$/.test(line));
}

function step(text) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);
}

function expect(condition, text) {
  if (!condition) throw new Error(`smoke: ${text}`);
  step(`ok: ${text}`);
}

async function getJson(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
  return { status: response.status, body: await response.json() };
}

async function waitFor(what, seconds, probe) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`smoke: ${what} not within ${seconds} s`);
    await sleep(1000);
  }
}

let containerStarted = false;
try {
  if (!options["skip-build"]) {
    step(`building ${image} with ${engine}${options["base-image"] ? ` on ${options["base-image"]}` : ""}`);
    const buildArgs = ["build", "-t", image, ...(options["base-image"] ? ["--build-arg", `BASE_IMAGE=${options["base-image"]}`] : [])];
    // podman's default OCI image format drops HEALTHCHECK; the docker format keeps it.
    if (engine === "podman") buildArgs.push("--format", "docker");
    execFileSync(engine, [...engineArgs, ...buildArgs, "-f", `${root}apps/server/Dockerfile`, root], { stdio: "inherit" });
    step("built");
  }
  const inspected = JSON.parse(containerEngine(["image", "inspect", image]))[0];
  const config = inspected.Config;
  // docker reports the health check in Config, podman beside it.
  const healthcheck = config.Healthcheck ?? inspected.Healthcheck;
  expect(config.User === "10001:10001", "the image runs as 10001:10001");
  expect(Object.keys(config.Volumes ?? {}).includes("/data"), "/data is a volume");
  expect(healthcheck?.Test?.join(" ").includes("container-healthcheck.mjs"), "the image has the /livez health check");

  containerEngine(["volume", "create", volume], { quiet: true });
  const id = containerEngine([
    "run",
    "-d",
    "--name",
    name,
    "-p",
    "127.0.0.1::8787",
    "-v",
    `${volume}:/data`,
    "--shm-size=512m",
    ...runArgs,
    image,
    "--demo",
  ]);
  containerStarted = true;
  const port = containerEngine(["port", name, "8787/tcp"]).split("\n")[0].split(":").pop();
  const base = `http://127.0.0.1:${port}`;
  step(`container ${id.slice(0, 12)} on ${base}`);

  await waitFor("/livez", 60, async () => ((await getJson(`${base}/livez`)).status === 200 ? true : undefined));
  step("/livez answered 200");
  const health = containerEngine(["exec", name, "node", "/app/scripts/container-healthcheck.mjs"]);
  expect(health.includes("200"), `the health check command passes inside the container (${health})`);

  const created = await getJson(`${base}/api/v2/scans`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: "https://www.daily-courier.test/" }),
  });
  expect(created.status === 202, `POST /api/v2/scans answered 202 (${created.status})`);
  const scanId = created.body.scanId ?? created.body.data?.scanId;
  const status = await waitFor("the demo scan's end", 240, async () => {
    const { body } = await getJson(`${base}/api/v2/scans/${scanId}/status`);
    const value = body.status ?? body.data?.status;
    return ["completed", "completed_limited", "failed", "expired"].includes(value) ? value : undefined;
  });
  expect(status === "completed", `the demo scan completed (${status})`);

  const ready = await getJson(`${base}/readyz`);
  expect(ready.status === 200 && ready.body.components?.scanner === "ok", `/readyz: ${JSON.stringify(ready.body)}`);

  // Every process of the container: none runs as root, and no browser process runs without its sandbox.
  const processes = JSON.parse(
    containerEngine([
      "exec",
      name,
      "node",
      "-e",
      `const fs=require("fs");console.log(JSON.stringify(fs.readdirSync("/proc").filter(p=>/^\\d+$/.test(p)).map(p=>{try{const s=fs.readFileSync("/proc/"+p+"/status","utf8");return{uid:/Uid:\\s+(\\d+)/.exec(s)[1],seccomp:/Seccomp:\\s+(\\d+)/.exec(s)[1],cmd:fs.readFileSync("/proc/"+p+"/cmdline","utf8").split("\\0").join(" ").slice(0,200)}}catch{return null}}).filter(Boolean)))`,
    ]),
  );
  const browser = processes.filter((process) => process.cmd.includes("chromium"));
  expect(browser.length > 0, `the browser runs in the container (${browser.length} processes)`);
  expect(
    processes.every((process) => process.uid !== "0"),
    "no process runs as root",
  );
  expect(!browser.some((process) => process.cmd.includes("--no-sandbox")), "no browser process runs with --no-sandbox");
  const renderers = browser.filter((process) => process.cmd.includes("--type=renderer"));
  expect(
    renderers.length > 0 && renderers.every((process) => process.seccomp === "2"),
    `every renderer runs under a seccomp-bpf filter (${renderers.length})`,
  );
  const logs = spawnSync(engine, [...engineArgs, "logs", name], { encoding: "utf8" });
  expect(/browser sandbox: on/.test(logs.stdout + logs.stderr), "the server logged `browser sandbox: on`");

  // Stop while a scan runs: the server gets SIGTERM (tini passes it on), the scan has the grace period, and
  // the container must end with the server's own exit code 0, not the engine's SIGKILL at the stop timeout.
  const second = await getJson(`${base}/api/v2/scans`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: "https://www.harbour-bank.test/" }),
  });
  expect(second.status === 202, `a second scan was accepted (${second.status})`);
  await waitFor("the second scan to run", 30, async () => {
    const { body } = await getJson(`${base}/api/v2/scans/${second.body.scanId}/status`);
    return body.status === "running" ? true : undefined;
  });
  // The container's processes as the host sees them, to check afterwards that none outlived the stop.
  const hostPids = hostPidsOf(name);
  expect(hostPids.length > 1, `the container's processes seen from the host (${hostPids.length})`);
  const stopStarted = Date.now();
  containerEngine(["stop", "-t", "30", name], { quiet: true });
  const stopSeconds = (Date.now() - stopStarted) / 1000;
  const state = JSON.parse(containerEngine(["inspect", name]))[0].State;
  expect(state.ExitCode === 0, `SIGTERM during a scan: the server exited with 0 (${state.ExitCode}) in ${stopSeconds.toFixed(1)} s`);
  expect(stopSeconds < 20, "it stopped within the grace period (15 s), not killed at the stop timeout (30 s)");
  const left = hostPids.filter((pid) => existsSync(`/proc/${pid}`));
  expect(left.length === 0, `no process of the container is left on the host (${left.join(" ") || "none"})`);
  step(`smoke test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (containerStarted) {
    const logs = spawnSync(engine, [...engineArgs, "logs", "--tail", "40", name], { encoding: "utf8" });
    console.error(`--- last log lines of ${name} ---\n${logs.stdout}${logs.stderr}`);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (!options.keep) {
    if (containerStarted) containerEngine(["rm", "-f", name], { check: false, quiet: true });
    containerEngine(["volume", "rm", "-f", volume], { check: false, quiet: true });
  }
}
