import { flag, host, list, record, text, type StorageKind } from "./ground-truth-fields.js";

/** What a phase after the pre-consent snapshot shows, in the scanner's terms (`PhaseRun` and evidence with that phase). */
export interface PhaseGroundTruth {
  /** `completed`: the phase observes; `not_run`: it does not, for `reason` (`no_banner`, `opt_out_failed`, …). */
  status: "completed" | "not_run";
  reason: string | null;
  /**
   * After reject: the cookies and storage present at the end of the window, and the tracker hosts sent a
   * request *during* it. After accept and GPC: the whole fresh visit's. Empty when the phase does not run.
   */
  cookies: Array<{ name: string; domain: string }>;
  storage: Array<{ kind: StorageKind; originHost: string; name: string }>;
  trackerVendors: string[];
  trackerHosts: string[];
}

/**
 * What a next-page phase shows (`reject_next_page`, `accept_next_page`): the visit that made the choice opens
 * a second page of the site, and its evidence is that page's requests from the navigation on and the
 * cookies and storage at the end. Also how it got there and whether the banner came back (`NextPageVisit`).
 */
export interface NextPageGroundTruth extends PhaseGroundTruth {
  /** `link`: a link of the page; `home`: the home page, for lack of one. Null exactly when the phase does not complete. */
  via: "link" | "home" | null;
  /** A consent banner with choices shows again on the second page. Null exactly when the phase does not complete. */
  bannerShown: boolean | null;
}

/** The expected `ConsentAction` (@public-scan/core) of reject or accept. */
export interface ConsentActionGroundTruth {
  outcome: "succeeded" | "failed" | "not_attempted";
  method: "autoconsent" | "heuristic" | null;
  verified: boolean | null;
  reason: string | null;
}

/** The phases of a scan with reject, accept, GPC and the next pages on, as a site behaves (`phases` in ground-truth.json). */
export interface PhasesGroundTruth {
  consentActions: { reject: ConsentActionGroundTruth; accept: ConsentActionGroundTruth };
  afterReject: PhaseGroundTruth;
  afterAccept: PhaseGroundTruth;
  gpc: PhaseGroundTruth;
  /** The second page after reject, in the same visit; absent where not written down (not scored). */
  rejectNextPage?: NextPageGroundTruth;
  /** The second page after accept, in the accept's fresh visit; absent where not written down (not scored). */
  acceptNextPage?: NextPageGroundTruth;
}

const PHASE_KEYS = ["status", "reason", "cookies", "storage", "trackerVendors", "trackerHosts"] as const;

const STORAGE_KINDS: readonly string[] = ["local_storage", "session_storage", "indexed_db"] satisfies StorageKind[];

/** Checks the `phases` key of a ground-truth file, strictly like the rest of it. */
export function parsePhasesGroundTruth(value: unknown): PhasesGroundTruth {
  const where = "$.phases";
  // The next pages are optional: a site whose ground truth leaves them out is not scored on them.
  const has = (key: "rejectNextPage" | "acceptNextPage") => typeof value === "object" && value !== null && key in value;
  const optional = (["rejectNextPage", "acceptNextPage"] as const).filter(has);
  const root = record(value, where, ["consentActions", "afterReject", "afterAccept", "gpc", ...optional]);
  const actions = record(root.consentActions, `${where}.consentActions`, ["reject", "accept"]);
  return {
    consentActions: {
      reject: parseAction(actions.reject, `${where}.consentActions.reject`),
      accept: parseAction(actions.accept, `${where}.consentActions.accept`),
    },
    afterReject: parsePhase(root.afterReject, `${where}.afterReject`),
    afterAccept: parsePhase(root.afterAccept, `${where}.afterAccept`),
    gpc: parsePhase(root.gpc, `${where}.gpc`),
    ...(has("rejectNextPage") ? { rejectNextPage: parseNextPage(root.rejectNextPage, `${where}.rejectNextPage`) } : {}),
    ...(has("acceptNextPage") ? { acceptNextPage: parseNextPage(root.acceptNextPage, `${where}.acceptNextPage`) } : {}),
  };
}

function parseNextPage(value: unknown, where: string): NextPageGroundTruth {
  const { via, bannerShown, ...phase } = record(value, where, [...PHASE_KEYS, "via", "bannerShown"]);
  const parsed = parsePhase(phase, where);
  const completed = parsed.status === "completed";
  if (completed !== (via !== null)) throw new Error(`${where}.via: link or home exactly when the phase completes`);
  if (completed !== (bannerShown !== null)) throw new Error(`${where}.bannerShown: true or false exactly when the phase completes`);
  return {
    ...parsed,
    via: via === null ? null : oneOf(via, `${where}.via`, ["link", "home"] as const),
    bannerShown: bannerShown === null ? null : flag(bannerShown, `${where}.bannerShown`),
  };
}

function parseAction(value: unknown, where: string): ConsentActionGroundTruth {
  const action = record(value, where, ["outcome", "method", "verified", "reason"]);
  const outcome = oneOf(action.outcome, `${where}.outcome`, ["succeeded", "failed", "not_attempted"] as const);
  const method = action.method === null ? null : oneOf(action.method, `${where}.method`, ["autoconsent", "heuristic"] as const);
  return {
    outcome,
    method,
    verified: action.verified === null ? null : flag(action.verified, `${where}.verified`),
    reason: action.reason === null ? null : code(action.reason, `${where}.reason`),
  };
}

function parsePhase(value: unknown, where: string): PhaseGroundTruth {
  const phase = record(value, where, PHASE_KEYS);
  const status = oneOf(phase.status, `${where}.status`, ["completed", "not_run"] as const);
  const reason = phase.reason === null ? null : code(phase.reason, `${where}.reason`);
  if ((status === "completed") !== (reason === null)) throw new Error(`${where}.reason: a reason exactly when the phase does not run`);
  const parsed: PhaseGroundTruth = {
    status,
    reason,
    cookies: list(phase.cookies, `${where}.cookies`).map((item, index) => {
      const cookie = record(item, `${where}.cookies[${index}]`, ["name", "domain"]);
      return {
        name: text(cookie.name, `${where}.cookies[${index}].name`),
        domain: host(cookie.domain, `${where}.cookies[${index}].domain`),
      };
    }),
    storage: list(phase.storage, `${where}.storage`).map((item, index) => {
      const entry = record(item, `${where}.storage[${index}]`, ["kind", "originHost", "name"]);
      const kind = text(entry.kind, `${where}.storage[${index}].kind`);
      if (!STORAGE_KINDS.includes(kind)) throw new Error(`${where}.storage[${index}].kind: expected one of ${STORAGE_KINDS.join(", ")}`);
      return {
        kind: kind as StorageKind,
        originHost: host(entry.originHost, `${where}.storage[${index}].originHost`),
        name: text(entry.name, `${where}.storage[${index}].name`),
      };
    }),
    trackerVendors: list(phase.trackerVendors, `${where}.trackerVendors`).map((item, index) =>
      text(item, `${where}.trackerVendors[${index}]`),
    ),
    trackerHosts: list(phase.trackerHosts, `${where}.trackerHosts`).map((item, index) => host(item, `${where}.trackerHosts[${index}]`)),
  };
  const empty = parsed.cookies.length + parsed.storage.length + parsed.trackerHosts.length + parsed.trackerVendors.length === 0;
  if (status === "not_run" && !empty) throw new Error(`${where}: a phase that does not run has no evidence`);
  return parsed;
}

function oneOf<T extends string>(value: unknown, where: string, options: readonly T[]): T {
  if (typeof value !== "string" || !(options as readonly string[]).includes(value))
    throw new Error(`${where}: expected one of ${options.join(", ")}`);
  return value as T;
}

function code(value: unknown, where: string): string {
  const reason = text(value, where);
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(reason)) throw new Error(`${where}: expected a reason code (lower-case, underscores)`);
  return reason;
}
