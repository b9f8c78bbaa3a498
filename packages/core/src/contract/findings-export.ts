import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { FindingDetailSchema } from "./finding.js";
import { LinkUrlSchema } from "./primitives.js";
import { ScanOverviewSchema } from "./scan-overview.js";

/**
 * What `service_export_findings` answers (the contract's "structured findings plus no-go disposition"): every
 * finding in full (description, evidence examples, caveats, next steps), with the scan they belong to (its
 * score, coverage and disposition, with the no-go reason when there is one) and the caveats that apply to the
 * whole scan: a record to hand to someone who has no access to the service. Its weight is an export's (4).
 */
export const FindingsExportSchema = z
  .object({
    type: z.literal("service_findings_export"),
    scan: ScanOverviewSchema,
    caveats: z.array(z.string()).meta({ description: "What applies to every finding: one visit, coverage limits." }),
    findings: z.array(FindingDetailSchema.shape.finding),
    links: z.object({ scan: LinkUrlSchema, findings: LinkUrlSchema, report: LinkUrlSchema }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "FindingsExport" });
export type FindingsExport = z.infer<typeof FindingsExportSchema>;
