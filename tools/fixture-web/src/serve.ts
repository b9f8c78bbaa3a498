#!/usr/bin/env node
/**
 * Starts the fixture web for manual use: prints the port, writes the CA to a temporary file and prints
 * the resolve rule and the sites. Stops on Ctrl-C. `node dist/serve.js [--port <n>]`.
 */
import { createHash, X509Certificate } from "node:crypto";
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

// What Chromium's --ignore-certificate-errors-spki-list takes: the base64 SHA-256 of the CA's public key.
const spki = new X509Certificate(web.caCertPem).publicKey.export({ type: "spki", format: "der" });
const spkiHash = createHash("sha256").update(spki).digest("base64");

const lines = [
  `fixture-web listening on 127.0.0.1:${web.port} (HTTP and HTTPS)`,
  `CA certificate:  ${caPath}`,
  `CA SPKI SHA-256: ${spkiHash}`,
  `resolve rule:    ${web.resolveRules.join(" ")}`,
  "",
  ...web.sites.map((site) => `  ${site.id.padEnd(14)} ${site.url}`),
  "",
  "Try:",
  `  curl --cacert ${caPath} --connect-to ::127.0.0.1:${web.port} ${web.sites[0]?.url ?? ""}`,
  `  chromium --host-resolver-rules="MAP * 127.0.0.1:${web.port}" --ignore-certificate-errors-spki-list=${spkiHash}`,
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
