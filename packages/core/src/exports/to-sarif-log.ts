import type { Criticality } from "../contract/finding.js";
import type { ExportedFinding, ScanExportInput } from "./scan-export-input.js";

/** The parts of SARIF 2.1.0 this export writes (the schema is checked in the tests). */
export interface SarifLog {
  $schema: string;
  version: "2.1.0";
  runs: SarifRun[];
}

interface SarifMessage {
  text: string;
  markdown?: string;
}

interface SarifRule {
  id: string;
  name: string;
  shortDescription: SarifMessage;
  fullDescription: SarifMessage;
  help: SarifMessage;
  defaultConfiguration: { level: SarifLevel };
  properties: { category: string; tags: string[]; precision: string; priority: number };
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: SarifMessage;
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>;
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
}

interface SarifRun {
  tool: { driver: { name: string; informationUri?: string; version: string; rules: SarifRule[] } };
  automationDetails: { id: string };
  results: SarifResult[];
  properties: Record<string, unknown>;
}

export type SarifLevel = "error" | "warning" | "note" | "none";

/** How a finding's criticality reads in a code-scanning dashboard. */
export const SARIF_LEVELS: { readonly [Level in Criticality]: SarifLevel } = {
  high: "error",
  medium: "warning",
  low: "note",
  info: "none",
};

export interface SarifOptions {
  /** The version of the tool that wrote the log (the scanner's or the service's). */
  readonly toolVersion: string;
  /** Where the tool is documented (a deployment's docs); left out when not given. */
  readonly informationUri?: string;
}

/**
 * The scan's findings as a SARIF 2.1.0 log, for code-scanning dashboards (GitHub, GitLab, Azure DevOps): one
 * rule per finding code (the stable snake_case id), one result per finding, located at the scanned URL (no
 * query string: the contract's URL). `partialFingerprints` are the domain and the finding code, so a
 * dashboard tracks one finding of a site across scans instead of opening a new alert each time. Evidence
 * examples travel as properties, with names and hosts only (never values), as everywhere else.
 */
export function toSarifLog(input: ScanExportInput, options: SarifOptions): SarifLog {
  const { scan, findings, caveats, links, disclaimer } = input.findings;
  const rules = findings.map(toRule);
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "public-scan",
            ...(options.informationUri === undefined ? {} : { informationUri: options.informationUri }),
            version: options.toolVersion,
            rules,
          },
        },
        automationDetails: { id: `public-scan/${scan.domain}/` },
        results: findings.map((finding, index) => ({
          ruleId: finding.id,
          ruleIndex: index,
          level: SARIF_LEVELS[finding.criticality],
          message: { text: `${finding.label} (${plural(finding.evidence.exampleCount, "example")} on ${scan.domain}).` },
          locations: [{ physicalLocation: { artifactLocation: { uri: scan.url } } }],
          partialFingerprints: { "publicScanFinding/v1": `${scan.domain}:${finding.id}` },
          properties: {
            priority: finding.priority,
            confidence: finding.confidence,
            phase: finding.phase,
            exampleCount: finding.evidence.exampleCount,
            examples: finding.examples,
          },
        })),
        properties: {
          scanId: scan.scanId,
          score: scan.score,
          scoreStatus: scan.scoreStatus,
          scoreVersion: scan.scoreVersion,
          riskLevel: scan.riskLevel,
          coverage: scan.coverage.status,
          resultDisposition: scan.resultDisposition,
          report: links.report,
          caveats,
          disclaimer,
        },
      },
    ],
  };
}

function toRule(finding: ExportedFinding): SarifRule {
  const steps = finding.nextSteps.length === 0 ? ["Review the evidence in the full report."] : finding.nextSteps;
  return {
    id: finding.id,
    name: finding.id.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()).replace(/^./, (first) => first.toUpperCase()),
    shortDescription: { text: finding.label },
    fullDescription: { text: finding.description },
    help: {
      text: [...steps, ...finding.caveats].join("\n"),
      markdown: [
        ...steps.map((step) => `- ${step}`),
        ...(finding.caveats.length === 0 ? [] : ["", ...finding.caveats.map((caveat) => `_${caveat}_`)]),
      ].join("\n"),
    },
    defaultConfiguration: { level: SARIF_LEVELS[finding.criticality] },
    properties: {
      category: finding.category,
      tags: ["privacy", finding.category],
      precision: toPrecision(finding.confidence),
      priority: finding.priority,
    },
  };
}

/** SARIF's `precision` property (GitHub shows it) from the finding's confidence. */
function toPrecision(confidence: ExportedFinding["confidence"]): string {
  return confidence === "high" ? "high" : confidence === "medium" ? "medium" : "low";
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
