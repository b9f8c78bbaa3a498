import {
  ConsentObservationSchema,
  CookieObservationSchema,
  FrameObservationSchema,
  OBSERVATION_LIMITS,
  RequestObservationSchema,
  StorageObservationSchema,
  toSafeUrl,
  type CollectorReport,
  type ConsentObservation,
  type NavigationObservation,
  type TransportObservation,
} from "@public-scan/core";
import type { Browser } from "puppeteer-core";
import type { Classifier } from "../classify/index.js";
import type { CollectorOutcome } from "../collectors/collector.js";
import { toFailedConsentObservation } from "../consent/to-consent-observation.js";
import type { PreConsentOutcomes } from "./pre-consent-collectors.js";

export interface AssembleObservationsOptions {
  url: string;
  targetHost: string;
  startedAt: Date;
  browser: Browser;
  classifier: Classifier;
  scanner: { name: string; version: string };
  navigation: NavigationObservation;
  outcomes: PreConsentOutcomes;
  transport: { observation: TransportObservation; reports: CollectorReport[] };
}

/** Whether the consent collector's result is a valid observation: the report and the observation must agree. */
export function isValidConsent(outcome: CollectorOutcome<ConsentObservation>): boolean {
  return outcome.result !== null && ConsentObservationSchema.safeParse(outcome.result).success;
}

/**
 * The pre-consent observations of a scan, before the later phases and the privacy signals are added.
 * Each item is checked on its own: one item a page made odd is dropped and counted, it never invalidates
 * the whole scan; each list is bounded, and what the bound cuts is counted too.
 */
export async function assembleObservations(options: AssembleObservationsOptions) {
  const { outcomes } = options;
  const cookies = bounded(outcomes.cookies, { limit: OBSERVATION_LIMITS.cookies, schema: CookieObservationSchema });
  const storage = bounded(outcomes.storage, { limit: OBSERVATION_LIMITS.storage, schema: StorageObservationSchema });
  const requests = bounded(outcomes.requests, { limit: OBSERVATION_LIMITS.requests, schema: RequestObservationSchema });
  const frames = bounded(outcomes.frames, { limit: OBSERVATION_LIMITS.frames, schema: FrameObservationSchema });
  return {
    schemaVersion: 1,
    scanner: {
      name: options.scanner.name,
      version: options.scanner.version,
      browserVersion: (await options.browser.version().catch(() => null))?.slice(0, 80) ?? null,
      data: options.classifier.dataVersions,
    },
    target: {
      url: toSafeUrl(options.url),
      host: options.targetHost,
      registrableDomain: options.classifier.registrableDomainOf(options.targetHost),
    },
    startedAt: options.startedAt.toISOString(),
    completedAt: new Date().toISOString(),
    navigation: options.navigation,
    cookies: cookies.items,
    storage: storage.items,
    requests: requests.items,
    frames: frames.items,
    consent: toConsent(outcomes.consent),
    transport: options.transport.observation,
    collectors: [...toReports(outcomes), ...options.transport.reports],
    truncated: { cookies: cookies.dropped, storage: storage.dropped, requests: requests.dropped, frames: frames.dropped },
  };
}

/** The collectors' reports; a consent result that does not validate is a failure. */
function toReports(outcomes: PreConsentOutcomes): CollectorReport[] {
  const consentValid = isValidConsent(outcomes.consent);
  return Object.values(outcomes).map(({ report }) =>
    report.status === "ok" && report.id === "consent" && !consentValid
      ? { ...report, status: "failed" as const, reason: "invalid_observation" }
      : report,
  );
}

/** A consent collector that failed as a whole still says so in the observation: nothing reads as absent. */
function toConsent(outcome: CollectorOutcome<ConsentObservation>) {
  if (isValidConsent(outcome)) return outcome.result;
  return toFailedConsentObservation({
    status: outcome.report.status === "timed_out" ? "timed_out" : "failed",
    reason: outcome.result === null ? outcome.report.reason : "invalid_observation",
  });
}

function bounded<T>(
  outcome: CollectorOutcome<T[]>,
  options: { limit: number; schema: { safeParse(value: unknown): { success: boolean } } },
) {
  const valid = (outcome.result ?? []).filter((item) => options.schema.safeParse(item).success);
  const dropped = (outcome.result ?? []).length - valid.length;
  return { items: valid.slice(0, options.limit), dropped: dropped + Math.max(0, valid.length - options.limit) };
}
