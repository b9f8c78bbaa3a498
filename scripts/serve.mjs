// `pnpm serve`: the reference server of tools/cli (REST API and report pages), building the workspace first if needed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
if (!existsSync(`${root}tools/cli/dist/serve/run-serve-command.js`)) {
  const build = spawnSync(`${root}scripts/pnpm`, ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { runServeCommand } = await import(`${root}tools/cli/dist/serve/run-serve-command.js`);
process.exitCode = await runServeCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
});
// Browser processes and sockets are closed; exit even if a library left a timer behind.
process.exit();
