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

/** The expected `ConsentAction` (@public-scan/core) of reject or accept. */
export interface ConsentActionGroundTruth {
  outcome: "succeeded" | "failed" | "not_attempted";
  method: "autoconsent" | "heuristic" | null;
  verified: boolean | null;
  reason: string | null;
}

/** The phases of a scan with reject, accept and GPC on, as a site behaves (`phases` in ground-truth.json). */
export interface PhasesGroundTruth {
  consentActions: { reject: ConsentActionGroundTruth; accept: ConsentActionGroundTruth };
  afterReject: PhaseGroundTruth;
  afterAccept: PhaseGroundTruth;
  gpc: PhaseGroundTruth;
}

const STORAGE_KINDS: readonly string[] = ["local_storage", "session_storage", "indexed_db"] satisfies StorageKind[];

/** Checks the `phases` key of a ground-truth file, strictly like the rest of it. */
export function parsePhasesGroundTruth(value: unknown): PhasesGroundTruth {
  const where = "$.phases";
  const root = record(value, where, ["consentActions", "afterReject", "afterAccept", "gpc"]);
  const actions = record(root.consentActions, `${where}.consentActions`, ["reject", "accept"]);
  return {
    consentActions: {
      reject: parseAction(actions.reject, `${where}.consentActions.reject`),
      accept: parseAction(actions.accept, `${where}.consentActions.accept`),
    },
    afterReject: parsePhase(root.afterReject, `${where}.afterReject`),
    afterAccept: parsePhase(root.afterAccept, `${where}.afterAccept`),
    gpc: parsePhase(root.gpc, `${where}.gpc`),
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
  const phase = record(value, where, ["status", "reason", "cookies", "storage", "trackerVendors", "trackerHosts"]);
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
