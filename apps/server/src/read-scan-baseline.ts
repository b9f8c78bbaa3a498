import { readFile } from "node:fs/promises";

/**
 * The finding codes of a baseline: a JSON result this command wrote before (`--output json`, or `--json`),
 * whose `findings.findings` lists findings with their `id`. A file that is not such a result is refused
 * with a message saying what was expected, never read as "no findings" (which would fail every finding).
 */
export async function readScanBaseline(file: string): Promise<Set<string>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(`--baseline ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const findings = (parsed as { findings?: { findings?: unknown } } | null)?.findings?.findings;
  if (!Array.isArray(findings) || !findings.every((finding) => typeof (finding as { id?: unknown } | null)?.id === "string"))
    throw new Error(
      `--baseline ${file}: not a scan result (expected the JSON of \`pnpm scan --output json\`, with findings.findings[].id)`,
    );
  return new Set(findings.map((finding) => (finding as { id: string }).id));
}
