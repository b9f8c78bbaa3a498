import {
  PrivacyPolicyObservationSchema,
  UsPrivacyObservationSchema,
  type CollectorReport,
  type PhaseRun,
  type PrivacyPolicyObservation,
  type RequestObservation,
  type UsPrivacyObservation,
  type UsPrivacyStepStatus,
} from "@public-scan/core";
import type { Browser, Page } from "puppeteer-core";
import type { Classifier } from "../classify/index.js";
import { CONSENT_TEXT_PATTERN } from "../consent/banner-scan-script.js";
import type { EgressGuard } from "../network/index.js";
import { runWithinBudget, type BudgetedRun } from "../collectors/run-collector.js";
import { fetchGpcJson, type GpcJsonResult } from "../us-privacy/fetch-gpc-json.js";
import { findUsPrivacyLinks } from "../us-privacy/find-us-privacy-links.js";
import { toGpcPass } from "../us-privacy/to-gpc-pass.js";
import { loadUsPrivacyVocabulary, type UsPrivacyVocabulary } from "../us-privacy/us-privacy-vocabulary.js";
import { evaluateInIsolatedWorld } from "../visit/evaluate-in-isolated-world.js";
import { observedVendors } from "../policy/find-unnamed-vendors.js";
import type { PageBehaviourTally } from "../visit/guard-page-behaviour.js";
import { openGuardedContext, type GuardedContext } from "../visit/open-guarded-context.js";
import { createDeferredTally } from "../visit/create-deferred-tally.js";
import { pageLinksScript, type PageLinks } from "../policy/page-links-script.js";
import { loadPolicyVocabulary, type PolicyVocabulary } from "../policy/policy-vocabulary.js";
import { readPrivacyPolicy, type PolicyReading } from "../policy/read-privacy-policy.js";
import { toPrivacyPolicyObservation } from "../policy/to-privacy-policy-observation.js";

/** Time budgets: reading the scanned page's links, the policy (link, common paths, page), gpc.json. */
export const PRIVACY_SIGNAL_BUDGETS = { linksMs: 2000, policyMs: 15_000, gpcJsonMs: 5000 } as const;
/** Like the consent phases, these fetches end this long before the scan's deadline. */
const DEADLINE_MARGIN_MS = 2000;

export interface StartPrivacySignalsOptions {
  /** The scan's page, after the pre-consent snapshot. */
  page: Page;
  browser: Browser;
  guard: EgressGuard;
  /** The scan's tally of dismissed dialogs and closed windows. */
  behaviour?: PageBehaviourTally;
  classifier: Classifier;
  /** Whether the scanned page was observed (an HTML page, not a no-go). */
  pageObserved: boolean;
  /** The scanned page's host (after redirects): the first party. */
  siteHost: string;
  settings: { userAgent: string; locale: string };
  deadlineAt?: number;
  signal?: AbortSignal;
}

/** The observations a scan assembles, as far as these signals read and extend them. */
interface Extendable {
  requests: readonly RequestObservation[];
  cookies: readonly PrivacyInputItem[];
  storage: readonly PrivacyInputItem[];
  phases?: readonly PhaseRun[];
  collectors: readonly CollectorReport[];
}
type PrivacyInputItem = Parameters<typeof observedVendors>[0]["cookies"][number];

export interface PrivacySignals {
  /** The observations with `privacyPolicy`, `usPrivacy` and the two collector reports added. */
  addTo<T extends Extendable>(observations: T): Promise<T & { privacyPolicy: PrivacyPolicyObservation; usPrivacy: UsPrivacyObservation }>;
}

/** The policy and gpc.json reads of one set of the page's links, in a guarded context of their own. */
interface SignalReads {
  readonly pageUrl: string;
  /** The links they were begun from (and why none were read), compared with the snapshot's. */
  readonly linksKey: string;
  readonly policy: Promise<BudgetedRun<PolicyReading>>;
  readonly gpcJson: Promise<BudgetedRun<GpcJsonResult | null>>;
  /** Closes their context: whatever still runs in it fails. Idempotent. */
  readonly close: () => void;
}

/**
 * Reads begun at the start of the observe window (`beginPrivacySignals`), which the snapshot's signals take
 * over when the page's address and links are still the same, and drop otherwise.
 */
export interface PrivacySignalsHead {
  readonly reads: Promise<SignalReads | null>;
  /** Counts the head's dialogs and windows into the scan's tally: called when its reads are taken over. */
  readonly adopt: () => void;
  /** Closes the head's context unless its reads were taken over; idempotent. */
  readonly discard: () => void;
}

const vocabulariesOrNull = () => Promise.all([loadPolicyVocabulary(), loadUsPrivacyVocabulary()]).catch(() => null);
const linksKeyOf = (links: BudgetedRun<PageLinks> & { value: PageLinks | null }) => JSON.stringify([links.value, links.reason]);

/**
 * Starts the policy and gpc.json reads from the links the page has when its observe window starts, so they
 * run during the window instead of after the snapshot (in a scan without consent phases nothing else
 * overlaps them). Only the snapshot decides: `startPrivacySignals` takes these reads over when the page's
 * address and links are then the same (the reads' inputs are identical, so is their evidence), and drops
 * them otherwise, closing their context. Dialogs and windows of a dropped read are never counted.
 */
export function beginPrivacySignals(options: StartPrivacySignalsOptions): PrivacySignalsHead {
  const tally = createDeferredTally(options.behaviour ?? { dialogsDismissed: 0, popupsClosed: 0 });
  let adopted = false;
  let discarded = false;
  const reads = (async () => {
    const vocabularies = await vocabulariesOrNull();
    if (vocabularies === null || !options.pageObserved) return null;
    const links = await readLinks(options.page, vocabularies[1]);
    if (discarded) return null;
    return beginReads({ ...options, behaviour: tally }, { links, pageUrl: options.page.url(), policyVocabulary: vocabularies[0] });
  })().catch(() => null);
  return {
    reads,
    adopt: () => {
      adopted = true;
      tally.adopt();
    },
    discard: () => {
      if (adopted) return;
      discarded = true;
      void reads.then((begun) => begun?.close());
    },
  };
}

/**
 * The `privacy_policy` and `us_privacy` collectors. Called after the pre-consent snapshot: it reads the
 * scanned page's links at once (before any consent phase changes the page; reading never clicks, scrolls
 * or types), then fetches the policy and `/.well-known/gpc.json` in a separate guarded browser context
 * while the scan goes on, so their requests, cookies and storage never enter the scan's evidence; reads a
 * `head` began from the same links are taken over instead. The analysis waits for `addTo`, which knows the
 * vendors of every phase. Each collector has its own budget and fails alone; neither ever fails the scan.
 */
export async function startPrivacySignals(options: StartPrivacySignalsOptions, head?: PrivacySignalsHead): Promise<PrivacySignals> {
  const started = Date.now();
  const isSameSite = (host: string) => options.classifier.partyOf({ host, siteHost: options.siteHost }) === "first_party";

  const vocabularies = await vocabulariesOrNull();
  if (vocabularies === null || !options.pageObserved) {
    head?.discard();
    const reason = vocabularies === null ? "vocabulary_unavailable" : "page_not_observed";
    const status = vocabularies === null ? "failed" : "skipped";
    return { addTo: (observations) => Promise.resolve(withSignals(observations, notRun({ status, reason, started, observations }))) };
  }
  const [policyVocabulary, usVocabulary] = vocabularies;

  const links = await readLinks(options.page, usVocabulary);
  const pageUrl = options.page.url();
  const begun = head === undefined ? null : await head.reads;
  let reads: SignalReads;
  if (begun !== null && begun.pageUrl === pageUrl && begun.linksKey === linksKeyOf(links)) {
    head!.adopt();
    reads = begun;
  } else {
    head?.discard();
    reads = beginReads(options, { links, pageUrl, policyVocabulary });
  }
  // Both settle within their budgets; the context goes as soon as both are done, whatever `addTo` does.
  const done = Promise.all([reads.policy, reads.gpcJson]).finally(reads.close);

  return {
    async addTo(observations) {
      const [policyOutcome, gpcOutcome] = await done;
      const privacyPolicy = toPolicyObservation({
        outcome: policyOutcome,
        vocabulary: policyVocabulary,
        vendors: observedVendors(observations),
        isSameSite,
      });
      const usPrivacy = toUsPrivacyObservation({ links, vocabulary: usVocabulary, gpc: gpcOutcome, observations });
      return withSignals(observations, {
        privacyPolicy,
        usPrivacy,
        reports: toSignalReports({
          privacyPolicy,
          usPrivacy,
          durationsMs: { links: links.durationMs, policy: policyOutcome.durationMs, gpcJson: gpcOutcome.durationMs },
        }),
      });
    },
  };
}

/** Starts the policy and gpc.json reads of `links` in a guarded context opened at the first need. */
function beginReads(
  options: StartPrivacySignalsOptions,
  input: { links: BudgetedRun<PageLinks> & { value: PageLinks | null }; pageUrl: string; policyVocabulary: PolicyVocabulary },
): SignalReads {
  const { links, pageUrl } = input;
  const deadlineAt = (options.deadlineAt ?? Number.POSITIVE_INFINITY) - DEADLINE_MARGIN_MS;
  const isSameSite = (host: string) => options.classifier.partyOf({ host, siteHost: options.siteHost }) === "first_party";
  let guarded: Promise<GuardedContext> | null = null;
  const openGuarded = () =>
    (guarded ??= openGuardedContext({ browser: options.browser, guard: options.guard, behaviour: options.behaviour }));
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    options.signal?.removeEventListener("abort", close);
    void guarded?.then((context) => context.close()).catch(() => undefined);
  };
  options.signal?.addEventListener("abort", close, { once: true });

  const policy = runWithinBudget(PRIVACY_SIGNAL_BUDGETS.policyMs, () =>
    readPrivacyPolicy({
      links: links.value,
      ...(links.reason === null ? {} : { linksReason: links.reason }),
      pageUrl,
      vocabulary: input.policyVocabulary,
      isSameSite,
      guarded: openGuarded,
      settings: options.settings,
      deadlineAt: Math.min(deadlineAt, Date.now() + PRIVACY_SIGNAL_BUDGETS.policyMs - 500),
    }),
  );
  const gpcJson = runWithinBudget(PRIVACY_SIGNAL_BUDGETS.gpcJsonMs, async () => {
    const timeoutMs = Math.min(PRIVACY_SIGNAL_BUDGETS.gpcJsonMs - 500, deadlineAt - Date.now());
    if (timeoutMs < 1000) return null;
    return fetchGpcJson({ guarded: await openGuarded(), origin: new URL(pageUrl).origin, settings: { ...options.settings, timeoutMs } });
  });
  return { pageUrl, linksKey: linksKeyOf(links), policy, gpcJson, close };
}

async function readLinks(page: Page, vocabulary: UsPrivacyVocabulary): Promise<BudgetedRun<PageLinks> & { value: PageLinks | null }> {
  const result = await runWithinBudget(PRIVACY_SIGNAL_BUDGETS.linksMs, () =>
    evaluateInIsolatedWorld<PageLinks>(page, {
      expression: pageLinksScript({
        textPhrases: vocabulary.noticeAtCollection.terms.map((term) => term.source),
        consentText: CONSENT_TEXT_PATTERN,
      }),
      worldName: "public-scan-links",
    }),
  );
  const valid = result.value !== null && Array.isArray(result.value.links);
  return valid
    ? result
    : { ...result, value: null, status: result.status === "ok" ? "failed" : result.status, reason: result.reason ?? "links_not_read" };
}

function toPolicyObservation(options: {
  outcome: BudgetedRun<PolicyReading>;
  vocabulary: PolicyVocabulary;
  vendors: ReadonlySet<string>;
  isSameSite: (host: string) => boolean;
}): PrivacyPolicyObservation {
  const reading: PolicyReading = options.outcome.value ?? {
    steps: { discovery: options.outcome.status === "timed_out" ? "timed_out" : "failed", fetch: "skipped" },
    reason: options.outcome.reason,
    foundIn: "none",
    host: null,
    fetchStatus: options.outcome.status === "timed_out" ? "timed_out" : "skipped",
    httpStatus: null,
    declaredLanguage: null,
    text: null,
  };
  return toPrivacyPolicyObservation({ reading, vendors: options.vendors, vocabulary: options.vocabulary, isSameSite: options.isSameSite });
}

function toUsPrivacyObservation(options: {
  links: BudgetedRun<PageLinks>;
  vocabulary: UsPrivacyVocabulary;
  gpc: BudgetedRun<GpcJsonResult | null>;
  observations: Extendable;
}): UsPrivacyObservation {
  const found = options.links.value === null ? null : findUsPrivacyLinks({ links: options.links.value, vocabulary: options.vocabulary });
  // No fetch for lack of time is a fetch that did not complete, as for a phase cut by the deadline.
  const gpcStep: UsPrivacyStepStatus = options.gpc.status === "ok" ? (options.gpc.value?.step ?? "timed_out") : options.gpc.status;
  const gpcReason =
    options.gpc.status === "ok" ? (options.gpc.value === null ? "scan_deadline" : options.gpc.value.reason) : options.gpc.reason;
  return {
    steps: { links: options.links.status, gpcJson: gpcStep },
    reason: options.links.reason ?? gpcReason,
    doNotSellOrShareLink: found?.doNotSellOrShareLink ?? null,
    limitSensitiveLink: found?.limitSensitiveLink ?? null,
    yourPrivacyChoicesLink: found?.yourPrivacyChoicesLink ?? null,
    privacyChoicesIcon: found?.privacyChoicesIcon ?? null,
    noticeAtCollection: found?.noticeAtCollection ?? null,
    gpcJson: options.gpc.value?.gpcJson ?? null,
    gpcPass: toGpcPass({
      requests: options.observations.requests,
      ...(options.observations.phases ? { phases: options.observations.phases } : {}),
    }),
  };
}

/** The two collectors' reports: the policy's time includes reading the links; US privacy's runs beside it. */
function toSignalReports(options: {
  privacyPolicy: PrivacyPolicyObservation;
  usPrivacy: UsPrivacyObservation;
  durationsMs: { links: number; policy: number; gpcJson: number };
}): CollectorReport[] {
  const { privacyPolicy, usPrivacy, durationsMs } = options;
  return [
    report({
      id: "privacy_policy",
      steps: Object.values(privacyPolicy.steps),
      reason: privacyPolicy.reason,
      durationMs: durationsMs.policy + durationsMs.links,
      itemCount: Object.values(privacyPolicy.disclosures ?? {}).filter(Boolean).length,
    }),
    report({
      id: "us_privacy",
      steps: Object.values(usPrivacy.steps),
      reason: usPrivacy.reason,
      durationMs: Math.max(durationsMs.gpcJson, durationsMs.links),
      itemCount: signalCount(usPrivacy),
    }),
  ];
}

function signalCount(observation: UsPrivacyObservation): number {
  const flags = [
    observation.doNotSellOrShareLink,
    observation.limitSensitiveLink,
    observation.yourPrivacyChoicesLink,
    observation.privacyChoicesIcon,
    observation.noticeAtCollection,
    observation.gpcJson?.status === "found",
  ];
  return flags.filter((flag) => flag === true).length;
}

/** A collector's report from its steps: the worst step decides (`timed_out` over `failed`), `skipped` steps are fine. */
function report(options: {
  id: string;
  steps: readonly string[];
  reason: string | null;
  durationMs: number;
  itemCount: number;
}): CollectorReport {
  const status = options.steps.includes("timed_out") ? "timed_out" : options.steps.includes("failed") ? "failed" : "ok";
  return {
    id: options.id,
    phase: "privacy_policy",
    status,
    durationMs: options.durationMs,
    itemCount: options.itemCount,
    reason: status === "ok" ? null : (options.reason ?? "collector_error"),
  };
}

function notRun(options: { status: "failed" | "skipped"; reason: string; started: number; observations: Extendable }) {
  const step = options.status;
  const privacyPolicy: PrivacyPolicyObservation = {
    steps: { discovery: step, fetch: "skipped", analysis: "skipped" },
    reason: options.reason,
    link: { foundIn: "none", host: null, sameSite: null },
    fetchStatus: "skipped",
    httpStatus: null,
    language: null,
    declaredLanguage: null,
    textLength: null,
    disclosures: null,
    vendorsNotNamed: null,
    vendorsChecked: null,
  };
  const usPrivacy: UsPrivacyObservation = {
    steps: { links: step, gpcJson: step },
    reason: options.reason,
    doNotSellOrShareLink: null,
    limitSensitiveLink: null,
    yourPrivacyChoicesLink: null,
    privacyChoicesIcon: null,
    noticeAtCollection: null,
    gpcJson: null,
    gpcPass: toGpcPass({
      requests: options.observations.requests,
      ...(options.observations.phases ? { phases: options.observations.phases } : {}),
    }),
  };
  const durationMs = Date.now() - options.started;
  const reports: CollectorReport[] = ["privacy_policy", "us_privacy"].map((id) => ({
    id,
    phase: "privacy_policy",
    status: options.status,
    durationMs,
    itemCount: 0,
    reason: options.reason,
  }));
  return { privacyPolicy, usPrivacy, reports };
}

/**
 * Adds the signals to the observations. Each is validated on its own first: one that a page made odd
 * becomes a failed observation of its collector, never an invalid scan.
 */
function withSignals<T extends Extendable>(
  observations: T,
  signals: { privacyPolicy: PrivacyPolicyObservation; usPrivacy: UsPrivacyObservation; reports: CollectorReport[] },
): T & { privacyPolicy: PrivacyPolicyObservation; usPrivacy: UsPrivacyObservation } {
  const fallback = notRun({ status: "failed", reason: "invalid_observation", started: Date.now(), observations });
  const policyValid = PrivacyPolicyObservationSchema.safeParse(signals.privacyPolicy).success;
  const usValid = UsPrivacyObservationSchema.safeParse(signals.usPrivacy).success;
  const reports = signals.reports.map((report) =>
    (report.id === "privacy_policy" && !policyValid) || (report.id === "us_privacy" && !usValid)
      ? { ...report, status: "failed" as const, itemCount: 0, reason: "invalid_observation" }
      : report,
  );
  return {
    ...observations,
    privacyPolicy: policyValid ? signals.privacyPolicy : fallback.privacyPolicy,
    usPrivacy: usValid ? signals.usPrivacy : fallback.usPrivacy,
    collectors: [...observations.collectors, ...reports].slice(0, 50),
  };
}
