import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The container image's promises (docs/operations.md "Container image"), read from the Dockerfile itself, so an
 * edit that drops one fails here without a container engine. `scripts/container-smoke.mjs` proves the image
 * with a real build and run where podman or docker is available.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const dockerfile = readFileSync(`${root}apps/server/Dockerfile`, "utf8");

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

/** The instructions, continuation lines joined and comments dropped (the Dockerfile syntax this file uses). */
function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const continues = line.endsWith("\\");
    const part = continues ? line.slice(0, -1).trim() : line;
    pending = pending ? { text: `${pending.text} ${part}`, line: pending.line } : { text: part, line: index + 1 };
    if (continues) return;
    const match = /^(\w+)\s+([\s\S]*)$/.exec(pending.text);
    if (!match) throw new Error(`Dockerfile line ${pending.line}: not an instruction`);
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: pending.line });
    pending = undefined;
  });
  if (pending) throw new Error("Dockerfile ends inside a continued line");
  return instructions;
}

/** The instructions of each stage, the global ones (ARG before the first FROM) under "global". */
function stagesOf(instructions: Instruction[]): { from: string; name: string | undefined; body: Instruction[] }[] {
  const stages: { from: string; name: string | undefined; body: Instruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const [from, as, name] = instruction.args.split(/\s+/);
      stages.push({ from: from!, name: as?.toUpperCase() === "AS" ? name : undefined, body: [] });
    } else stages.at(-1)?.body.push(instruction);
  }
  return stages;
}

function jsonArgs(instruction: Instruction | undefined): string[] {
  expect(instruction?.args.startsWith("["), `${instruction?.keyword} in exec (JSON) form`).toBe(true);
  return JSON.parse(instruction!.args) as string[];
}

const instructions = parseDockerfile(dockerfile);
const stages = stagesOf(instructions);
const runtime = stages.at(-1)!;
const find = (keyword: string) => runtime.body.filter((instruction) => instruction.keyword === keyword);
const envOf = (body: Instruction[]) =>
  new Map(
    body
      .filter((instruction) => instruction.keyword === "ENV")
      .flatMap((instruction) => [...instruction.args.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g)].map((m) => [m[1]!, m[2]!] as const)),
  );

describe("Dockerfile", () => {
  it("is multi-stage: a build stage, and a runtime stage that copies only the build's output", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]!.name).toBe("build");
    const copies = find("COPY");
    expect(copies.length).toBeGreaterThan(0);
    // Nothing from the build context goes into the runtime image directly: sources and dev dependencies stay behind.
    for (const copy of copies) expect(copy.args, `line ${copy.line}`).toMatch(/^--from=build\s/);
  });

  it("starts from an ARG base image whose default names a release, never latest", () => {
    const global = instructions.slice(
      0,
      instructions.findIndex((instruction) => instruction.keyword === "FROM"),
    );
    const base = global.find((instruction) => instruction.keyword === "ARG" && instruction.args.startsWith("BASE_IMAGE="));
    expect(base?.args).toMatch(/^BASE_IMAGE=node:\d+-bookworm-slim$/);
    for (const stage of stages) expect(stage.from).toBe("${BASE_IMAGE}");
    expect(dockerfile).not.toMatch(/:latest\b/);
    // A `# syntax=` directive makes BuildKit pull a frontend image first: a build that cannot reach a registry fails.
    expect(dockerfile).not.toMatch(/^#\s*syntax=/m);
  });

  it("builds with the repository's pnpm and the frozen lockfile", () => {
    const runs = stages[0]!.body.filter((instruction) => instruction.keyword === "RUN").map((instruction) => instruction.args);
    expect(runs.some((run) => /scripts\/pnpm fetch --frozen-lockfile/.test(run))).toBe(true);
    expect(runs.some((run) => /scripts\/pnpm install --offline --frozen-lockfile/.test(run))).toBe(true);
    expect(runs.some((run) => /deploy --prod/.test(run))).toBe(true);
  });

  it("runs as a numeric non-root user, with the data directory as its volume", () => {
    const users = find("USER");
    expect(users.length).toBe(1);
    const [uid, gid] = users[0]!.args.split(":").map(Number);
    expect(uid).toBeGreaterThan(0);
    expect(gid).toBeGreaterThan(0);
    // Every RUN after USER would run as that user; the image's last word on the user is USER itself.
    const userIndex = runtime.body.indexOf(users[0]!);
    expect(runtime.body.slice(userIndex).filter((instruction) => instruction.keyword === "RUN")).toEqual([]);
    expect(jsonArgs(find("VOLUME")[0])).toEqual(["/data"]);
    const env = envOf(runtime.body);
    expect(env.get("PUBLIC_SCAN_DATA_DIR")).toBe("/data");
    expect(env.get("PUBLIC_SCAN_HOST")).toBe("0.0.0.0");
    expect(env.get("PUBLIC_SCAN_PORT")).toBe("8787");
    expect(find("EXPOSE").map((instruction) => instruction.args)).toEqual(["8787"]);
    // The volume's mount point belongs to the user before VOLUME, so a new named volume is writable by it.
    expect(runtime.body.some((instruction) => instruction.keyword === "RUN" && /chown 10001:10001 \/data/.test(instruction.args))).toBe(
      true,
    );
    expect(users[0]!.args).toBe("10001:10001");
  });

  it("keeps Chromium's sandbox on and sets no secret", () => {
    expect(dockerfile).not.toMatch(/--no-sandbox|PUBLIC_SCAN_BROWSER_SANDBOX/);
    expect(dockerfile).not.toMatch(/--privileged|SYS_ADMIN/);
    for (const stage of stages) {
      for (const name of envOf(stage.body).keys()) expect(name).not.toMatch(/SECRET|TOKEN|PASSWORD|PRIVATE|CREDENTIAL|_KEY\b/);
    }
    for (const instruction of instructions.filter((instruction) => instruction.keyword === "ARG")) {
      expect(instruction.args).not.toMatch(/SECRET|TOKEN|PASSWORD|PRIVATE|CREDENTIAL|_KEY\b/);
    }
  });

  it("checks /livez with a script the image has, and stops on SIGTERM through tini", () => {
    const healthcheck = find("HEALTHCHECK")[0];
    expect(healthcheck?.args).toMatch(/^--interval=\d+s --timeout=\d+s --start-period=\d+s --retries=\d+ CMD \[/);
    const command = JSON.parse(healthcheck!.args.slice(healthcheck!.args.indexOf("["))) as string[];
    expect(command).toEqual(["node", "/app/scripts/container-healthcheck.mjs"]);
    expect(readFileSync(`${root}scripts/container-healthcheck.mjs`, "utf8")).toContain("/livez");
    expect(find("STOPSIGNAL").map((instruction) => instruction.args)).toEqual(["SIGTERM"]);
    // tini without -g: the server alone gets SIGTERM; the browser must outlive it during the grace period.
    expect(jsonArgs(find("ENTRYPOINT")[0])).toEqual(["/usr/bin/tini", "--", "node", "/app/apps/server/bin/public-scan.mjs", "serve"]);
    expect(runtime.body.some((instruction) => instruction.keyword === "RUN" && /\btini\b/.test(instruction.args))).toBe(true);
  });

  it("copies into the image only scripts that exist", () => {
    const copied = [...dockerfile.matchAll(/\bscripts\/([\w.-]+\.mjs)\b/g)].map((match) => match[1]!);
    expect(copied.length).toBeGreaterThan(0);
    for (const script of new Set(copied)) expect(existsSync(`${root}scripts/${script}`), script).toBe(true);
  });

  it("installs Debian packages without recommends and drops apt's lists and archives in the same layer", () => {
    const aptRuns = instructions.filter((instruction) => instruction.keyword === "RUN" && instruction.args.includes("apt-get install"));
    expect(aptRuns.length).toBeGreaterThan(0);
    for (const run of aptRuns) {
      expect(run.args).toMatch(/apt-get update\b/);
      expect(run.args).toMatch(/--no-install-recommends/);
      expect(run.args).toMatch(/rm -rf \/var\/lib\/apt\/lists\/\*/);
      // Not every base cleans apt's downloaded archives by itself (the official Debian images do, debootstrap's do not).
      expect(run.args).toMatch(/apt-get clean\b/);
    }
  });
});

describe(".dockerignore", () => {
  const ignored = readFileSync(`${root}.dockerignore`, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));

  it("keeps host installs, builds, data and secrets out of the build context", () => {
    for (const pattern of ["**/node_modules", "**/dist", ".toolchain", ".data", ".git", "**/.env"]) expect(ignored).toContain(pattern);
  });
});
