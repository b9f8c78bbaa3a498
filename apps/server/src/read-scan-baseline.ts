import { readFile } from "node:fs/promises";
import { ComparableScanSchema, type ComparableScan } from "@public-scan/core";

/**
 * A baseline as the scan command reads it: a whole comparable scan (the JSON this command writes now), or,
 * from a file written before the JSON carried `comparable`, only its finding codes.
 */
export type ScanBaseline = { kind: "comparable"; scan: ComparableScan } | { kind: "codes"; codes: ReadonlySet<string> };

/**
 * The baseline in a JSON result this command wrote before (`--output json`, or `--json`). A file that is not
 * such a result is refused with a message saying what was expected, never read as "no findings" (which
 * would fail every finding); a `comparable` section that does not validate is refused the same way.
 */
export async function readScanBaseline(file: string): Promise<ScanBaseline> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(`--baseline ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const comparable = (parsed as { comparable?: unknown } | null)?.comparable;
  if (comparable !== undefined) {
    const checked = ComparableScanSchema.safeParse(comparable);
    if (!checked.success)
      throw new Error(`--baseline ${file}: its comparable section is not valid (${checked.error.issues[0]?.message ?? "unknown"})`);
    return { kind: "comparable", scan: checked.data };
  }
  const findings = (parsed as { findings?: { findings?: unknown } } | null)?.findings?.findings;
  if (!Array.isArray(findings) || !findings.every((finding) => typeof (finding as { id?: unknown } | null)?.id === "string"))
    throw new Error(
      `--baseline ${file}: not a scan result (expected the JSON of \`pnpm scan --output json\`, with findings.findings[].id)`,
    );
  return { kind: "codes", codes: new Set(findings.map((finding) => (finding as { id: string }).id)) };
}
