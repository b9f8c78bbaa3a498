#!/usr/bin/env node
/**
 * Starts the fixture web for manual use: prints the port, writes the CA to a temporary file and prints
 * the resolve rule and the sites. Stops on Ctrl-C. `node dist/serve.js [--port <n>]`.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startFixtureWeb } from "./start-fixture-web.js";

const { values } = parseArgs({ options: { port: { type: "string", short: "p" } } });
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`fixture-web: --port must be a port number, got ${JSON.stringify(values.port)}\n`);
  process.exit(2);
}

const web = await startFixtureWeb({ port });
const dir = await mkdtemp(join(tmpdir(), "fixture-web-"));
const caPath = join(dir, "ca.pem");
await writeFile(caPath, web.caCertPem, { mode: 0o600 });

const lines = [
  `fixture-web listening on 127.0.0.1:${web.port} (HTTP and HTTPS)`,
  `CA certificate:  ${caPath}`,
  `resolve rule:    ${web.resolveRules.join(" ")}`,
  "",
  ...web.sites.map((site) => `  ${site.id.padEnd(14)} ${site.url}`),
  "",
  "Try:",
  `  curl --cacert ${caPath} --connect-to ::127.0.0.1:${web.port} ${web.sites[0]?.url ?? ""}`,
  // A desktop Chromium trusts a root from its user's NSS database, as the scanner's own browser does.
  `  certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n fixture-web -i ${caPath}`,
  "",
  "Ctrl-C stops the server.",
];
process.stdout.write(`${lines.join("\n")}\n`);

const stop = async (): Promise<void> => {
  await web.close();
  await rm(dir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());
