import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { ScanIdSchema, type McpToolName } from "@public-scan/core";
import { z } from "zod";

/** What every prompt asks the model to keep: the service observes, it does not judge. */
const FRAMING =
  "Present the results as automated observations of one visit for review, not legal advice or a compliance verdict. " +
  "A no-go or partial scan is incomplete evidence, not a failure: say what was not observed. Never quote cookie values or full URLs.";

const userText = (text: string): GetPromptResult => ({ messages: [{ role: "user", content: { type: "text", text } }] });

// Built once: the stateless endpoints build a server, and so register the prompts, for every request.
const REVIEW_ARGS = { url: z.string().min(1).max(2048).describe("The public page to review, e.g. https://www.example.com/") };
const COMPARE_ARGS = {
  before: ScanIdSchema.describe("The earlier (or reference) scan's scanId"),
  after: ScanIdSchema.describe("The later (or compared) scan's scanId"),
};

/**
 * Prompts for the common jobs, each a recipe over the tools the caller may use: a host lists them as
 * commands, and the model they start calls the tools itself. A prompt appears only when its tools do.
 */
export function registerPrompts(server: McpServer, tools: ReadonlySet<McpToolName>): void {
  if (tools.has("service_scan_site") && tools.has("service_get_scan_bundle")) {
    server.registerPrompt(
      "review_site_consent",
      {
        title: "Review a site's consent behaviour",
        description: "Scan a public page as a first-time visitor and review what it sets before consent and what reject and accept do.",
        argsSchema: REVIEW_ARGS,
      },
      ({ url }) =>
        userText(
          `Review the consent behaviour of ${url}.\n` +
            `1. Call service_scan_site with url "${url}". If it answers a job, poll service_get_scan_status with its scanId when told to.\n` +
            '2. Call service_get_scan_bundle with the scanId and detail "summary"; ask for detail "evidence" for the findings you discuss.\n' +
            "3. Report: the score and risk level; cookies, storage and trackers set before any choice (by vendor); whether a consent banner " +
            "was found and what rejecting and accepting changed; transport security; and what the scan could not observe (coverage).\n" +
            FRAMING,
        ),
    );
  }
  if (tools.has("service_get_scan_bundle")) {
    server.registerPrompt(
      "compare_scans",
      {
        title: "Compare two scans",
        description: "Compare two completed scans (the same site at two times, or two sites): what appeared, what went away, what changed.",
        argsSchema: COMPARE_ARGS,
      },
      ({ before, after }) =>
        userText(
          `Compare scan ${before} (before) with scan ${after} (after).\n` +
            '1. Call service_get_scan_bundle with detail "full" for each scanId.\n' +
            "2. Report what changed: score and risk level; findings that appeared, went away or changed severity; pre-consent cookies and " +
            "trackers added or removed (by vendor); consent banner and reject/accept behaviour; and any difference in coverage that limits " +
            "the comparison (a change seen in one scan only because the other observed less is not a change of the site).\n" +
            FRAMING,
        ),
    );
  }
}
