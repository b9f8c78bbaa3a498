import { checkDisposition, ScanObjectSchema } from "./scan.js";

/**
 * The scan summary that Pulse and the MCP bundle lead with: the same fields as the Scan resource, so
 * moving between surfaces keeps them compatible (contract Versioning item 4).
 */
export const ScanOverviewSchema = ScanObjectSchema.pick({
  scanId: true,
  domain: true,
  url: true,
  status: true,
  score: true,
  scoreStatus: true,
  scoreVersion: true,
  scoreReading: true,
  riskLevel: true,
  coverage: true,
  resultDisposition: true,
  resultDispositionReason: true,
  scanFrom: true,
  startedAt: true,
  completedAt: true,
})
  .superRefine((value, ctx) => checkDisposition(value, ctx))
  .meta({ id: "ScanOverview" });
