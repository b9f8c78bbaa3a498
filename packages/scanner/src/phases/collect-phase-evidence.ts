import {
  CookieObservationSchema,
  RequestObservationSchema,
  StorageObservationSchema,
  type CollectorReport,
  type CookieObservation,
  type RequestObservation,
  type StorageObservation,
  type GppAnswer,
  type TcfAnswer,
  type UspAnswer,
} from "@public-scan/core";
import type { Collector, CollectorContext } from "../collectors/collector.js";
import { runCollectors } from "../collectors/run-collector.js";
import { readConsentModeCommands, type PhaseConsentModeCommands } from "../consent-mode/read-consent-mode-commands.js";
import { probeConsentApis, toGppAnswer, toTcfAnswer, toUspAnswer } from "../consent/probe-consent-apis.js";

/** What one phase observed: its cookies, storage and requests, each item tagged with the phase. */
export interface PhaseEvidence {
  cookies: CookieObservation[];
  storage: StorageObservation[];
  requests: RequestObservation[];
  /** One report per collector, with the phase: a collector that failed here lowers this phase's coverage. */
  reports: CollectorReport[];
  /** Items dropped because they did not validate. */
  dropped: { cookies: number; storage: number; requests: number };
  /** The Google Consent Mode commands in the page's dataLayer at the snapshot; null when it could not be read. */
  consentMode: (PhaseConsentModeCommands & { phase: CollectorContext["phase"] }) | null;
  /** What `__tcfapi('getTCData')` answered at the snapshot; null when not asked (no TCF API on the first visit) or no answer. */
  tcf: { phase: CollectorContext["phase"]; tcf: TcfAnswer } | null;
  /** What `__gpp('ping')` and `__uspapi('getUSPData')` answered at the snapshot; null when not asked or neither API is there. */
  gpp: { phase: CollectorContext["phase"]; gpp: GppAnswer | null; usp: UspAnswer | null } | null;
}

/** How long the IAB APIs may take to call back at a later phase's snapshot, as on the first visit. */
const API_ANSWER_MS = 1000;

/** How long the dataLayer read may take: a page busy past this has its consent mode unread, not absent. */
export const CONSENT_MODE_READ_MS = 1500;

export interface PhaseCollectors {
  requests: Collector<RequestObservation[]>;
  cookies: Collector<CookieObservation[]>;
  storage: Collector<StorageObservation[]>;
}

/**
 * Runs the evidence collectors of a phase, each within its budget and failing alone, and keeps the items
 * that validate (one odd item is dropped and counted, as in the pre-consent snapshot); reads the page's
 * Google Consent Mode commands at the same time.
 */
export async function collectPhaseEvidence(options: {
  collectors: PhaseCollectors;
  context: CollectorContext;
  /** Ask the page's IAB consent APIs too (TCF, GPP, USP): one of them answered its first visit. */
  askConsentApis?: boolean;
}): Promise<PhaseEvidence> {
  const { collectors, context } = options;
  // The dataLayer is read beside the collectors, from the same snapshot moment.
  const [{ requests, cookies, storage }, consentMode, apis] = await Promise.all([
    runCollectors({ requests: collectors.requests, cookies: collectors.cookies, storage: collectors.storage }, { context }),
    readConsentModeCommands(context.page, { phase: context.phase, timeoutMs: CONSENT_MODE_READ_MS }),
    options.askConsentApis === true ? probeConsentApis(context.page, API_ANSWER_MS) : Promise.resolve(null),
  ]);
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
    consentMode: consentMode === null ? null : { ...consentMode, phase: context.phase },
    ...phaseApiAnswers(apis, context),
  };
}

function phaseApiAnswers(
  probe: Awaited<ReturnType<typeof probeConsentApis>> | null,
  { phase, classifier }: CollectorContext,
): Pick<PhaseEvidence, "tcf" | "gpp"> {
  if (probe === null) return { tcf: null, gpp: null };
  const tcf = toTcfAnswer(probe, classifier.tcfVendorList ?? null);
  const gpp = toGppAnswer(probe);
  const usp = toUspAnswer(probe);
  return {
    tcf: tcf === null ? null : { phase, tcf },
    gpp: gpp === null && usp === null ? null : { phase, gpp, usp },
  };
}
