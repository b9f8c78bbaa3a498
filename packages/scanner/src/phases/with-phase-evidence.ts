import { OBSERVATION_LIMITS, type CollectorReport, type ConsentActions, type PhaseRun } from "@public-scan/core";
import type { ConsentPhasesResult } from "./run-consent-phases.js";

/** The parts of the scan's observations (before validation) that the later phases add to. */
interface Mergeable {
  cookies: readonly unknown[];
  storage: readonly unknown[];
  requests: readonly unknown[];
  collectors: readonly CollectorReport[];
  truncated: { cookies: number; storage: number; requests: number; frames: number };
}

/**
 * The scan's observations with the later phases added: their cookies, storage and requests after the
 * pre-consent items (which stay exactly as they were, and first, so a bound cuts later phases first),
 * their collector reports, the phase list and the consent actions. What a bound cuts is counted.
 */
export function withPhaseEvidence<T extends Mergeable>(
  observations: T,
  result: ConsentPhasesResult,
): T & { phases: PhaseRun[]; consentActions: ConsentActions } {
  const append = (list: "cookies" | "storage" | "requests", items: readonly unknown[], existing: readonly unknown[]) => {
    const room = Math.max(0, OBSERVATION_LIMITS[list] - existing.length);
    return { items: [...existing, ...items.slice(0, room)], cut: Math.max(0, items.length - room) };
  };
  const all = {
    cookies: result.evidence.flatMap((phase) => phase.cookies),
    storage: result.evidence.flatMap((phase) => phase.storage),
    requests: result.evidence.flatMap((phase) => phase.requests),
  };
  const dropped = (list: "cookies" | "storage" | "requests") => result.evidence.reduce((sum, phase) => sum + phase.dropped[list], 0);
  const cookies = append("cookies", all.cookies, observations.cookies);
  const storage = append("storage", all.storage, observations.storage);
  const requests = append("requests", all.requests, observations.requests);
  return {
    ...observations,
    cookies: cookies.items,
    storage: storage.items,
    requests: requests.items,
    phases: result.phases,
    consentActions: result.consentActions,
    collectors: [...observations.collectors, ...result.evidence.flatMap((phase) => phase.reports)].slice(0, 50),
    truncated: {
      ...observations.truncated,
      cookies: observations.truncated.cookies + cookies.cut + dropped("cookies"),
      storage: observations.truncated.storage + storage.cut + dropped("storage"),
      requests: observations.truncated.requests + requests.cut + dropped("requests"),
    },
  };
}
