// `pnpm data`: the operator command for retention purges and SQLite backups (tools/cli), building the workspace first if needed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
if (!existsSync(`${root}tools/cli/dist/run-data-command.js`)) {
  const build = spawnSync(`${root}scripts/pnpm`, ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { runDataCommand } = await import(`${root}tools/cli/dist/run-data-command.js`);
process.exitCode = await runDataCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
