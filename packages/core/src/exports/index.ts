export type { ExportedFinding, ScanExportInput } from "./scan-export-input.js";
export { CRITICALITY_ORDER, isAtLeast } from "./criticality-rank.js";
export { toPreConsentCsv } from "./to-pre-consent-csv.js";
export { escapeMarkdown, toMarkdownSummary } from "./to-markdown-summary.js";
export { SARIF_LEVELS, toSarifLog } from "./to-sarif-log.js";
export type { SarifLevel, SarifLog, SarifOptions } from "./to-sarif-log.js";
export { toJunitXml } from "./to-junit-xml.js";
export type { JunitOptions } from "./to-junit-xml.js";
