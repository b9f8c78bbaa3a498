import { getReport, isServiceError, toErrorEnvelope, toHttpStatus, UNKNOWN_CLIENT } from "@public-scan/core";
import { getRouterParams, type H3, type H3Event } from "h3";
import type { RestAppOptions } from "./rest-app-options.js";
import { requestContextOf } from "./request-context.js";
import { loadReportPages } from "./load-report-pages.js";
import { toHtmlResponse } from "./to-html-response.js";

/** Path of the report page, outside the API prefix (core's link builder makes `links.report` from it). */
export const REPORT_ROUTE = "/reports/:scanId";

/**
 * GET /reports/{scanId}: the human report page behind `links.report`. It is opened from a link in a browser,
 * so it takes no bearer: like the status route, it is served to anyone holding the scan's unguessable id,
 * counted against the caller's address as a full report (4 units). While the scan runs, a page that
 * refreshes itself after Retry-After; errors as pages with the envelope's code, message and status.
 */
export function createReportRoute(app: H3, input: { options: RestAppOptions; addressOf: (event: H3Event) => string | null }) {
  const { options } = input;
  app.get(REPORT_ROUTE, async (event) => {
    const { requestId } = requestContextOf(event);
    const { renderErrorPage, renderPendingPage, renderReportPage } = await loadReportPages();
    try {
      const outcome = await getReport(options.service, {
        scanId: getRouterParams(event, { decode: true }).scanId ?? "",
        caller: { kind: "anonymous", ip: input.addressOf(event) ?? UNKNOWN_CLIENT },
      });
      if (outcome.status === 202) {
        return toHtmlResponse(renderPendingPage(outcome.body), {
          status: 202,
          requestId,
          headers: { "retry-after": String(outcome.retryAfterSeconds) },
        });
      }
      return toHtmlResponse(renderReportPage(outcome.body), { status: 200, requestId });
    } catch (error) {
      if (!isServiceError(error)) options.onError?.(error, { requestId, route: "report" });
      const envelope = toErrorEnvelope(error).error;
      const status = toHttpStatus(error);
      const retry: Record<string, string> =
        envelope.retryAfterSeconds === null ? {} : { "retry-after": String(envelope.retryAfterSeconds) };
      return toHtmlResponse(renderErrorPage({ status, code: envelope.code, message: envelope.message }), {
        status,
        requestId,
        headers: retry,
      });
    }
  });
}
