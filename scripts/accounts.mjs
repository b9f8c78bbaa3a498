// `pnpm accounts`: the operator command for accounts (list, disable, grant, revoke-scope), building the
// workspace first if needed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
if (!existsSync(`${root}tools/cli/dist/run-accounts-command.js`)) {
  const build = spawnSync(`${root}scripts/pnpm`, ["run", "--silent", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { runAccountsCommand } = await import(`${root}tools/cli/dist/run-accounts-command.js`);
process.exitCode = await runAccountsCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
