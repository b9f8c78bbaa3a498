import {
  CookieObservationSchema,
  RequestObservationSchema,
  StorageObservationSchema,
  type CollectorReport,
  type CookieObservation,
  type RequestObservation,
  type StorageObservation,
} from "@public-scan/core";
import type { Collector, CollectorContext } from "../collectors/collector.js";
import { runCollectors } from "../collectors/run-collector.js";

/** What one phase observed: its cookies, storage and requests, each item tagged with the phase. */
export interface PhaseEvidence {
  cookies: CookieObservation[];
  storage: StorageObservation[];
  requests: RequestObservation[];
  /** One report per collector, with the phase: a collector that failed here lowers this phase's coverage. */
  reports: CollectorReport[];
  /** Items dropped because they did not validate. */
  dropped: { cookies: number; storage: number; requests: number };
}

export interface PhaseCollectors {
  requests: Collector<RequestObservation[]>;
  cookies: Collector<CookieObservation[]>;
  storage: Collector<StorageObservation[]>;
}

/**
 * Runs the evidence collectors of a phase, each within its budget and failing alone, and keeps the items
 * that validate (one odd item is dropped and counted, as in the pre-consent snapshot).
 */
export async function collectPhaseEvidence(options: { collectors: PhaseCollectors; context: CollectorContext }): Promise<PhaseEvidence> {
  const { collectors, context } = options;
  const { requests, cookies, storage } = await runCollectors(
    { requests: collectors.requests, cookies: collectors.cookies, storage: collectors.storage },
    { context },
  );
  const valid = <T>(items: T[] | null, schema: { safeParse(value: unknown): { success: boolean } }) => {
    const kept = (items ?? []).filter((item) => schema.safeParse(item).success);
    return { kept, dropped: (items ?? []).length - kept.length };
  };
  const validCookies = valid(cookies.result, CookieObservationSchema);
  const validStorage = valid(storage.result, StorageObservationSchema);
  const validRequests = valid(requests.result, RequestObservationSchema);
  return {
    cookies: validCookies.kept,
    storage: validStorage.kept,
    requests: validRequests.kept,
    reports: [requests.report, cookies.report, storage.report],
    dropped: { cookies: validCookies.dropped, storage: validStorage.dropped, requests: validRequests.dropped },
  };
}
