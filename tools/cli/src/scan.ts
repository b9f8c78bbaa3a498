#!/usr/bin/env node
// `pnpm scan`: see run-scan-command.ts.
import { runScanCommand } from "./run-scan-command.js";

process.exitCode = await runScanCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
