// `pnpm scan <url>`: runs the scan command of tools/cli, building the workspace first if it was never built.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const entry = `${root}tools/cli/dist/scan.js`;
if (!existsSync(entry)) {
  const build = spawnSync(`${root}scripts/pnpm`, ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { runScanCommand } = await import(`${root}tools/cli/dist/run-scan-command.js`);
// Piping into `head` closes stdout early; that is the reader's choice, not an error.
process.stdout.on("error", (error) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
process.exitCode = await runScanCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
