import type { OperationId } from "@public-scan/core/contract";

export interface ClientRoute {
  readonly method: "get" | "post" | "delete";
  readonly path: string;
  /** Statuses with a resource body; anything else is an error envelope or a contract violation. */
  readonly success: readonly (200 | 201 | 202)[];
  /** A 200 is a file (text in its own media type), not JSON: the exports. */
  readonly file?: true;
}

const result = (sub: string): ClientRoute => ({ method: "get", path: `/api/v2/scans/{scanId}${sub}`, success: [200, 202] });
const read = (path: string): ClientRoute => ({ method: "get", path, success: [200] });

/**
 * The 14 operations of the contract and the service's export, changes and monitor routes, as the client calls them. Kept here rather than read from core's
 * OPERATIONS table, which carries the zod schemas: the client without validation stays a few kilobytes.
 * A test holds this table equal to OPERATIONS (method, path, success statuses).
 */
export const CLIENT_ROUTES: Readonly<Record<OperationId, ClientRoute>> = {
  requestReadOnlyApiKey: { method: "post", path: "/api/v2/keys/request", success: [201] },
  checkIntegrationCredential: read("/api/v2/auth/check"),
  createScan: { method: "post", path: "/api/v2/scans", success: [200, 202] },
  getScan: result(""),
  getScanDiagnostics: result("/diagnostics"),
  getScanStatus: read("/api/v2/scans/{scanId}/status"),
  listScanFindings: result("/findings"),
  getScanFinding: result("/findings/{findingId}"),
  getScanPulse: result("/pulse"),
  getScanPreConsentCookiesTrackers: result("/pre-consent-cookies-trackers"),
  getDomainLatestScan: read("/api/v2/domains/{domain}/latest"),
  getDomainLatestPreConsentCookiesTrackers: read("/api/v2/domains/{domain}/latest/pre-consent-cookies-trackers"),
  getHealth: read("/api/v2/health"),
  getOpenApiDocument: read("/api/v2/openapi.json"),
  getScanExport: { ...result("/exports/{format}"), file: true },
  getScanChanges: result("/changes"),
  createMonitor: { method: "post", path: "/api/v2/monitors", success: [201] },
  listMonitors: read("/api/v2/monitors"),
  getMonitor: read("/api/v2/monitors/{monitorId}"),
  deleteMonitor: { method: "delete", path: "/api/v2/monitors/{monitorId}", success: [200] },
  listMonitorRuns: read("/api/v2/monitors/{monitorId}/runs"),
  pauseMonitor: { method: "post", path: "/api/v2/monitors/{monitorId}/pause", success: [200] },
  resumeMonitor: { method: "post", path: "/api/v2/monitors/{monitorId}/resume", success: [200] },
  rotateMonitorWebhookSecret: { method: "post", path: "/api/v2/monitors/{monitorId}/webhook-secret", success: [200] },
};
