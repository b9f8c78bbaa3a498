import type { Criticality } from "../contract/finding.js";
import { isAtLeast } from "./criticality-rank.js";
import type { ScanExportInput } from "./scan-export-input.js";

export interface JunitOptions {
  /**
   * Findings at this criticality or above are failures; the others pass with their details as output.
   * Default `low`; null: no finding fails (the report of a scan without a gate).
   */
  readonly failOn?: Criticality | null;
  /** A score below this fails the `score` case; without it, the case always passes (and says the score). */
  readonly minScore?: number;
}

/**
 * The scan as JUnit XML (the common dialect CI servers read: `testsuites` > `testsuite` > `testcase` with
 * `failure`), one suite per scan: an `assessment` case (fails when the page could not be assessed), a `score`
 * case, and one case per finding code. Text is escaped for XML and stripped of characters XML 1.0 cannot hold.
 */
export function toJunitXml(input: ScanExportInput, options: JunitOptions = {}): string {
  const failOn = options.failOn === undefined ? "low" : options.failOn;
  const { scan, findings } = input.findings;
  const suite = `public-scan ${scan.domain}`;
  const assessed = scan.scoreStatus !== "not_assessed";
  const scoreFails = assessed && options.minScore !== undefined && scan.score < options.minScore;
  const cases: TestCase[] = [
    {
      name: "assessment",
      failure: assessed
        ? null
        : { type: "not_assessed", message: scan.resultDispositionReason?.message ?? "The page could not be assessed." },
    },
    {
      name: "score",
      failure: scoreFails ? { type: "score", message: `Score ${scan.score}/100 is below the minimum ${options.minScore}.` } : null,
      output: `Score ${assessed ? `${scan.score}/100` : "not assessed"}, risk ${scan.riskLevel}, coverage ${scan.coverage.status}.`,
    },
  ];
  for (const finding of findings) {
    const details = [finding.description, ...finding.nextSteps.map((step) => `Next step: ${step}`)].join("\n");
    cases.push(
      failOn !== null && isAtLeast(finding.criticality, failOn)
        ? { name: finding.id, failure: { type: finding.criticality, message: finding.label, body: details } }
        : { name: finding.id, failure: null, output: `${finding.criticality}: ${finding.label}\n${details}` },
    );
  }
  const failures = cases.filter((testCase) => testCase.failure !== null).length;
  const time = scanSeconds(scan.startedAt, scan.completedAt);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="public-scan" tests="${cases.length}" failures="${failures}" errors="0" time="${time}">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="${time}"${
      scan.completedAt === null ? "" : ` timestamp="${xml(scan.completedAt)}"`
    }>`,
    `    <properties><property name="scanId" value="${xml(scan.scanId)}"/><property name="url" value="${xml(scan.url)}"/></properties>`,
    ...cases.map((testCase) => testcase(suite, testCase)),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

interface TestCase {
  name: string;
  failure: { type: string; message: string; body?: string } | null;
  output?: string;
}

function testcase(suite: string, { name, failure, output }: TestCase): string {
  const open = `    <testcase classname="${xml(suite)}" name="${xml(name)}" time="0">`;
  const parts = [open];
  if (failure !== null)
    parts.push(
      `      <failure type="${xml(failure.type)}" message="${xml(failure.message)}">${xml(failure.body ?? failure.message)}</failure>`,
    );
  if (output !== undefined) parts.push(`      <system-out>${xml(output)}</system-out>`);
  parts.push("    </testcase>");
  return parts.join("\n");
}

function scanSeconds(startedAt: string | null, completedAt: string | null): string {
  if (startedAt === null || completedAt === null) return "0";
  return Math.max(0, (Date.parse(completedAt) - Date.parse(startedAt)) / 1000).toFixed(3);
}

/** Escapes text for an XML attribute or element, dropping what XML 1.0 cannot carry (control characters, lone surrogates). */
export function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}
