#!/usr/bin/env node
// `pnpm scan`: see run-scan-command.ts.
import { runScanCommand } from "./run-scan-command.js";

// Piping into `head` closes stdout early; that is the reader's choice, not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});
process.exitCode = await runScanCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
