import { GetPromptRequestSchema, type GetPromptResult, type Prompt } from "@modelcontextprotocol/sdk/types.js";
import { ScanIdSchema, type McpToolName } from "@public-scan/core";
import { z } from "zod";
import type { ExtraMethod, ExtraMethods } from "./serve-extra-methods.js";
import { toJsonRpcError } from "./to-json-rpc-error.js";

/** What every prompt asks the model to keep: the service observes, it does not judge. */
const FRAMING =
  "Present the results as automated observations of one visit for review, not legal advice or a compliance verdict. " +
  "A no-go or partial scan is incomplete evidence, not a failure: say what was not observed. Never quote cookie values or full URLs.";

interface PromptSpec {
  prompt: Prompt;
  /** The tools the recipe calls: the prompt is offered only to a caller that may call them all. */
  needs: readonly McpToolName[];
  args: z.ZodObject;
  render: (args: Record<string, string>) => string;
}

/** The prompts, built once: the stateless endpoints build a server for every request. */
const PROMPTS: readonly PromptSpec[] = [
  {
    prompt: {
      name: "review_site_consent",
      title: "Review a site's consent behaviour",
      description: "Scan a public page as a first-time visitor and review what it sets before consent and what reject and accept do.",
      arguments: [{ name: "url", description: "The public page to review, e.g. https://www.example.com/", required: true }],
    },
    needs: ["service_scan_site", "service_get_scan_bundle"],
    args: z.object({ url: z.string().min(1).max(2048) }),
    render: ({ url }) =>
      `Review the consent behaviour of ${url}.\n` +
      `1. Call service_scan_site with url "${url}". If it answers a job, poll service_get_scan_status with its scanId when told to.\n` +
      '2. Call service_get_scan_bundle with the scanId and detail "summary"; ask for detail "evidence" for the findings you discuss.\n' +
      "3. Report: the score and risk level; cookies, storage and trackers set before any choice (by vendor); whether a consent banner " +
      "was found and what rejecting and accepting changed; transport security; and what the scan could not observe (coverage).\n" +
      FRAMING,
  },
  {
    prompt: {
      name: "compare_scans",
      title: "Compare two scans",
      description: "Compare two completed scans (the same site at two times, or two sites): what appeared, what went away, what changed.",
      arguments: [
        { name: "before", description: "The earlier (or reference) scan's scanId", required: true },
        { name: "after", description: "The later (or compared) scan's scanId", required: true },
      ],
    },
    needs: ["service_get_scan_bundle"],
    args: z.object({ before: ScanIdSchema, after: ScanIdSchema }),
    render: ({ before, after }) =>
      `Compare scan ${before} (before) with scan ${after} (after).\n` +
      '1. Call service_get_scan_bundle with detail "full" for each scanId.\n' +
      "2. Report what changed: score and risk level; findings that appeared, went away or changed severity; pre-consent cookies and " +
      "trackers added or removed (by vendor); consent banner and reject/accept behaviour; and any difference in coverage that limits " +
      "the comparison (a change seen in one scan only because the other observed less is not a change of the site).\n" +
      FRAMING,
  },
];

/** JSON-RPC invalid params: an unknown prompt, or arguments that do not fit it. */
const INVALID_PARAMS = -32602;

/**
 * Prompts for the common jobs, each a recipe over the tools the caller may use: a host lists them as
 * commands, and the model they start calls the tools itself. A prompt appears only when its tools do.
 * Methods `prompts/list` and `prompts/get`, or none when no prompt is offered.
 */
export function promptMethods(tools: ReadonlySet<McpToolName>): ExtraMethods {
  const offered = PROMPTS.filter((spec) => spec.needs.every((name) => tools.has(name)));
  if (offered.length === 0) return new Map();
  const get = (request: Parameters<ExtraMethod>[0]): GetPromptResult => {
    const checked = GetPromptRequestSchema.safeParse(request);
    if (!checked.success) throw toJsonRpcError(INVALID_PARAMS, "prompts/get needs params.name, a string, and string arguments");
    const { params } = checked.data;
    const spec = offered.find((candidate) => candidate.prompt.name === params.name);
    if (spec === undefined) throw toJsonRpcError(INVALID_PARAMS, `Prompt ${params.name.slice(0, 100)} not found`);
    const parsed = spec.args.safeParse(params.arguments ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`).join("; ");
      throw toJsonRpcError(INVALID_PARAMS, `Invalid arguments for prompt ${spec.prompt.name}: ${issues}`);
    }
    return { messages: [{ role: "user", content: { type: "text", text: spec.render(parsed.data as Record<string, string>) } }] };
  };
  return new Map<string, ExtraMethod>([
    ["prompts/list", () => Promise.resolve({ prompts: offered.map((spec) => spec.prompt) })],
    ["prompts/get", (request) => Promise.resolve().then(() => get(request))],
  ]);
}
