import {
  checkCredential,
  createScan,
  getDiagnostics,
  getDomainLatest,
  getDomainLatestTable,
  getFinding,
  getHealth,
  getPreConsentTable,
  getPulse,
  getScan,
  getScanStatus,
  listFindings,
  type OperationId,
} from "@public-scan/core";
import { openApiDocumentFor } from "./openapi-document-for.js";
import type { OperationContext, OperationResult } from "./operation-context.js";
import { requestKey } from "./request-key.js";
import { readJsonBody } from "./read-json-body.js";
import { DEFAULT_MAX_BODY_BYTES } from "./rest-app-options.js";

type Handler = (context: OperationContext) => Promise<OperationResult>;

const scanRead = (context: OperationContext) => ({ scanId: context.params.scanId ?? "", caller: context.caller });
const domainRead = (context: OperationContext) => {
  const scanFrom = context.query.get("scanFrom");
  return { domain: context.params.domain ?? "", caller: context.caller, ...(scanFrom === null ? {} : { scanFrom }) };
};

/**
 * One handler per operation of the contract: each only translates HTTP to a core use-case call. Access
 * (401/403), limits, validation and rendering all happen in core, the same for every surface.
 */
export const OPERATION_HANDLERS: Record<OperationId, Handler> = {
  requestReadOnlyApiKey: requestKey,
  checkIntegrationCredential: async (context) => ({
    status: 200,
    body: await checkCredential(
      { keys: context.options.keys, clock: context.options.service.clock },
      context.request.headers.get("authorization") ?? undefined,
    ),
  }),
  createScan: async (context) => {
    const body = await readJsonBody(context.request, { maxBytes: context.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES });
    return createScan(context.options.service, { body: body ?? null, caller: context.caller });
  },
  getScan: (context) => getScan(context.options.service, scanRead(context)),
  getScanDiagnostics: (context) => getDiagnostics(context.options.service, scanRead(context)),
  getScanStatus: (context) => getScanStatus(context.options.service, scanRead(context)),
  listScanFindings: (context) => listFindings(context.options.service, scanRead(context)),
  getScanFinding: (context) => getFinding(context.options.service, { ...scanRead(context), findingId: context.params.findingId ?? "" }),
  getScanPulse: (context) => getPulse(context.options.service, scanRead(context)),
  getScanPreConsentCookiesTrackers: (context) => getPreConsentTable(context.options.service, scanRead(context)),
  getDomainLatestScan: (context) => getDomainLatest(context.options.service, domainRead(context)),
  getDomainLatestPreConsentCookiesTrackers: (context) => getDomainLatestTable(context.options.service, domainRead(context)),
  getHealth: (context) =>
    getHealth(context.options.service, {
      surfaces: { rest: true, mcp: context.options.surfaces?.mcp ?? false, mcpLight: context.options.surfaces?.mcpLight ?? false },
      onProbeError: (error) => context.options.onError?.(error, { requestId: "health", route: "getHealth" }),
    }),
  getOpenApiDocument: (context) => Promise.resolve({ status: 200, body: openApiDocumentFor(context.options.service.config.baseUrl) }),
};
