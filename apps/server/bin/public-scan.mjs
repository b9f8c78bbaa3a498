#!/usr/bin/env node
// `public-scan <command>`: the reference server and its operator commands (src/run-public-scan-command.ts).
// From a checkout (`pnpm scan|serve|keys|accounts|data`), it builds the workspace first if it was never built.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// The command stores scans in node:sqlite (Node 22.19+): an older Node would fail on an import it cannot name.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(
    `public-scan needs Node.js 22.19 or newer (it stores scans with node:sqlite); this is Node.js ${process.versions.node}.\n`,
  );
  process.exit(2);
}
const entry = new URL("../dist/run-public-scan-command.js", import.meta.url);
if (!existsSync(entry)) {
  // The workspace's build, run at its root whatever the caller's directory.
  const root = fileURLToPath(new URL("../../../", import.meta.url));
  const build = spawnSync(`${root}scripts/pnpm`, ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.error) process.stderr.write(`public-scan: cannot build the workspace: ${build.error.message}\n`);
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { runPublicScanCommand, wantsColour } = await import(entry.href);
// Piping a command's output into `head` closes stdout early; that is the reader's choice, not an error. The
// server keeps running instead (its stray-error guard logs it), and shuts down only on a signal.
if (process.argv[2] !== "serve") {
  process.stdout.on("error", (error) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
}
process.exitCode = await runPublicScanCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  colour: wantsColour(process.stdout, process.env),
});
// A server's browser processes and sockets are closed by now; exit even if a library left a timer behind.
if (process.argv[2] === "serve") process.exit();
