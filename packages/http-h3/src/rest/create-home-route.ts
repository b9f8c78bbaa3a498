import {
  createScan,
  hasEvidence,
  hasRecentScans,
  isServiceError,
  toErrorEnvelope,
  toHttpStatus,
  UNKNOWN_CLIENT,
  type Caller,
  type ServiceDeps,
} from "@public-scan/core";
import type { H3, H3Event } from "h3";
import type { HomePageInput } from "../report/render-home-page.js";
import { SCAN_FORM_ROUTE } from "../report/scan-form-route.js";
import { isCrossSite } from "./is-cross-site.js";
import { loadReportPages } from "./load-report-pages.js";
import { readFormBody } from "./read-form-body.js";
import type { RestAppOptions } from "./rest-app-options.js";
import { requestContextOf } from "./request-context.js";
import { toHtmlResponse } from "./to-html-response.js";

/** A scan form is one URL: far below the JSON API's 16 KiB. */
const MAX_FORM_BYTES = 4096;

/**
 * The reference server's home page at `/` and its scan form's target, `POST /scan`. The form creates (or
 * reuses) a scan exactly as an anonymous POST /api/v2/scans does, charged to the reader's address, and
 * redirects to its report page (303), which refreshes itself until the scan ends. A refusal is the home page
 * again with the message, the address kept, and the error's status.
 *
 * Anonymous scans are charged to the reader's address, so a page elsewhere must not spend a visitor's
 * allowance by posting the form from their browser: a cross-site post is refused (`Sec-Fetch-Site`, else
 * `Origin`), as the cross-origin API refuses anonymous scan creation.
 */
export function createHomeRoute(app: H3, input: { options: RestAppOptions; addressOf: (event: H3Event) => string | null }) {
  const { options } = input;
  const home = options.homePage;
  if (home === undefined || home === false) return;
  const service = options.service;
  const callerOf = (event: H3Event): Caller => ({ kind: "anonymous", ip: input.addressOf(event) ?? UNKNOWN_CLIENT });
  const page = async (event: H3Event, extra: Pick<HomePageInput, "error" | "url"> & { status: number }) => {
    const [allowance, recentScans, { renderHomePage }] = await Promise.all([
      service.quota.peek(callerOf(event)),
      recentOf(service, home.recentScans ?? 10),
      loadReportPages(),
    ]);
    const rendered = renderHomePage(
      {
        baseUrl: service.config.baseUrl,
        allowance: Number.isFinite(allowance.limit) ? allowance : null,
        mcp: { hosted: options.mcp?.hosted !== undefined, light: options.mcp?.light !== undefined },
        accounts: home.accounts === true,
        docsUrl: home.docsUrl ?? null,
        recentScans,
        ...extra,
      },
      home.serviceName === undefined ? {} : { serviceName: home.serviceName },
    );
    // Unlike a report (shared by link), the home page is for search engines too.
    return toHtmlResponse(rendered, {
      status: extra.status,
      requestId: requestContextOf(event).requestId,
      headers: { "x-robots-tag": "all" },
    });
  };

  app.get("/", (event) => page(event, { status: 200 }));
  app.post(SCAN_FORM_ROUTE, async (event) => {
    const { requestId } = requestContextOf(event);
    let url = "";
    try {
      if (isCrossSite(event.req, service.config.baseUrl)) {
        return await page(event, { status: 403, error: { message: "Scans can only be started from this site's own form." } });
      }
      url = (await readFormBody(event.req, { maxBytes: MAX_FORM_BYTES })).get("url")?.trim() ?? "";
      const outcome = await createScan(service, { body: { url }, caller: callerOf(event) });
      return new Response(null, {
        status: 303,
        headers: { location: `/reports/${outcome.body.scanId}`, "cache-control": "no-store", "x-service-request-id": requestId },
      });
    } catch (error) {
      if (!isServiceError(error)) options.onError?.(error, { requestId, route: SCAN_FORM_ROUTE });
      const envelope = toErrorEnvelope(error).error;
      // The address is shown back only when it was accepted as text: a refused one is kept in the form as typed.
      return page(event, { status: toHttpStatus(error), error: { message: envelope.message }, url: url.slice(0, 2048) });
    }
  });
}

/** The latest scans with evidence, as the home page lists them; null when turned off or the store has no list. */
async function recentOf(service: ServiceDeps, limit: number): Promise<HomePageInput["recentScans"]> {
  if (limit < 1 || !hasRecentScans(service.scans)) return null;
  const records = await service.scans.listRecentWithEvidence(limit);
  return records.filter(hasEvidence).map((record) => ({
    scanId: record.scanId,
    domain: record.domain,
    score: record.report.score,
    riskLevel: record.report.riskLevel,
    completedAt: record.completedAt ?? record.createdAt,
  }));
}
