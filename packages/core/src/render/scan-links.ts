import { API_PREFIX } from "../contract/index.js";

/** Absolute URLs of a deployment's resources, from its public base URL. */
export interface LinkBuilder {
  scan(scanId: string): string;
  status(scanId: string): string;
  findings(scanId: string): string;
  finding(scanId: string, findingId: string): string;
  pulse(scanId: string): string;
  report(scanId: string): string;
  preConsentCookiesTrackers(scanId: string): string;
  diagnostics(scanId: string): string;
  /** The changes route; with `since`, the comparison with that scan rather than the default one. */
  changes(scanId: string, since?: string): string;
  openapi(): string;
  monitor(monitorId: string): string;
  monitorRuns(monitorId: string): string;
}

/**
 * Links of a deployment at `baseUrl` (scheme, host and optional path prefix). The report page lives outside
 * the API prefix, at `/reports/{scanId}`.
 */
export function createLinkBuilder(baseUrl: string): LinkBuilder {
  const base = baseUrl.replace(/\/+$/, "");
  const api = `${base}${API_PREFIX}`;
  const id = encodeURIComponent;
  return {
    scan: (scanId) => `${api}/scans/${id(scanId)}`,
    status: (scanId) => `${api}/scans/${id(scanId)}/status`,
    findings: (scanId) => `${api}/scans/${id(scanId)}/findings`,
    finding: (scanId, findingId) => `${api}/scans/${id(scanId)}/findings/${id(findingId)}`,
    pulse: (scanId) => `${api}/scans/${id(scanId)}/pulse`,
    report: (scanId) => `${base}/reports/${id(scanId)}`,
    preConsentCookiesTrackers: (scanId) => `${api}/scans/${id(scanId)}/pre-consent-cookies-trackers`,
    diagnostics: (scanId) => `${api}/scans/${id(scanId)}/diagnostics`,
    changes: (scanId, since) => `${api}/scans/${id(scanId)}/changes${since === undefined ? "" : `?since=${id(since)}`}`,
    openapi: () => `${api}/openapi.json`,
    monitor: (monitorId) => `${api}/monitors/${id(monitorId)}`,
    monitorRuns: (monitorId) => `${api}/monitors/${id(monitorId)}/runs`,
  };
}

/** The `links` object of Scan, Pulse and Pulse evidence. */
export function scanLinksOf(scanId: string, links: LinkBuilder) {
  return {
    self: links.scan(scanId),
    status: links.status(scanId),
    findings: links.findings(scanId),
    pulse: links.pulse(scanId),
    report: links.report(scanId),
    preConsentCookiesTrackers: links.preConsentCookiesTrackers(scanId),
  };
}
