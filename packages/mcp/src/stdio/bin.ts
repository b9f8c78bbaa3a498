#!/usr/bin/env node
// `public-scan-mcp` (and `npx @public-scan/mcp`): the local stdio MCP server and its `doctor`.
import { readFileSync } from "node:fs";
import { runLocalMcp } from "./run-local-mcp.js";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
process.exitCode = await runLocalMcp(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  version,
  nodeVersion: process.version,
});
