import type { MonitorRun, MonitorSchedule, MonitorStatus, MonitorStatusReason, WebhookEventType } from "../contract/index.js";

/** Where a monitor's events go, as stored: the URL and the signing secrets sealed, never in clear. */
export interface MonitorWebhookRecord {
  /** The receiver's full URL, sealed (it may carry a token in its query). */
  sealedUrl: string;
  /** Origin and path only: what lists and logs may show. */
  displayUrl: string;
  events: WebhookEventType[];
  /** Signing secrets, each sealed, newest first: two during a rotation, until `previousValidUntil`. */
  sealedSecrets: string[];
  secretRotatedAt: string;
  /** When the previous secret stops signing (the end of a rotation); null with one secret. */
  previousValidUntil: string | null;
}

/** What the service keeps about a monitor. It belongs to the key that created it. */
export interface MonitorRecord {
  monitorId: string;
  ownerKeyId: string;
  name: string | null;
  /** The URL without its query string or fragment, as scans show it. */
  url: string;
  /** The URL to scan, sealed, when it has a query string; null otherwise. */
  sealedUrl: string | null;
  domain: string;
  scanFrom: string;
  schedule: MonitorSchedule;
  status: MonitorStatus;
  statusReason: MonitorStatusReason | null;
  webhook: MonitorWebhookRecord | null;
  /** Deliveries that failed in a row, reset by the next delivered one. */
  consecutiveFailures: number;
  createdAt: string;
  updatedAt: string;
}

/** One run as stored: the contract's MonitorRun and the monitor it belongs to. */
export interface MonitorRunRecord extends MonitorRun {
  monitorId: string;
}

/** The run of a monitor for one tick: the same id in every process, so a tick is claimed once. */
export const monitorRunId = (monitorId: string, scheduledAt: string): string => `${monitorId}@${scheduledAt}`;
