import type { GppOptOut } from "../observations/gpp-observation.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import { cmpSawGpc, phasePrivacyStrings, statedOptOuts, type StatedOptOut } from "./gpp-answers.js";

/** One opt-out a page's strings state, before any signal and under GPC. */
export interface GpcOptOutChange {
  section: StatedOptOut["section"];
  right: StatedOptOut["right"];
  /** The state on the first visit (no GPC); null when that visit's strings did not state it. */
  before: GppOptOut | null;
  withGpc: GppOptOut;
}

/**
 * Whether the site honoured Global Privacy Control, from three kinds of evidence set side by side: the
 * page's own privacy strings (GPP US sections, the US Privacy string) in the GPC visit against the first
 * visit, the advertising vendors its requests still reached under GPC, and what its `/.well-known/gpc.json`
 * claims. An automated observation, never a statement that a law applies or is met.
 *
 * - `honoured`: every kind of evidence that was there honours the signal (no advertising vendor contacted
 *   under GPC; every opt-out the strings state is opted out);
 * - `not_honoured`: every kind that was there goes against it;
 * - `partly`: one kind honours it and the other does not;
 * - `not_observed`: the GPC visit did not complete, or neither kind of evidence was there.
 */
export interface GpcAnswer {
  verdict: "honoured" | "partly" | "not_honoured" | "not_observed";
  /** Every opt-out stated under GPC that applies (not `not_applicable`), with its state before. */
  optOuts: GpcOptOutChange[];
  /** Every applicable opt-out stated under GPC is `opted_out`; null when the strings state none. */
  stringsOptedOut: boolean | null;
  /** A US section's GPC sub-section says the CMP received the signal; null when none carries one. */
  cmpSawGpc: boolean | null;
  /** Advertising vendors contacted during the GPC visit; null when the GPC pass was not observed. */
  advertisingVendorsWithGpc: string[] | null;
  /** The site's gpc.json `gpc` member; null when the file was not found or not read. */
  gpcJsonClaims: boolean | null;
}

/** The answer, or null when the scan ran no GPC visit (the phase list says why). */
export function toGpcAnswer(observations: ScanObservations): GpcAnswer | null {
  const gpcRun = observations.phases?.find((phase) => phase.phase === "gpc");
  if (gpcRun === undefined || gpcRun.status === "not_run") return null;
  const gpcJsonClaims = observations.usPrivacy?.gpcJson?.gpc ?? null;
  const strings = phasePrivacyStrings(observations);
  const withGpc = strings.find((entry) => entry.phase === "gpc");
  const before = strings.find((entry) => entry.phase === "pre_consent");
  const stateBefore = new Map((before === undefined ? [] : statedOptOuts(before)).map((optOut) => [key(optOut), optOut.state]));
  const optOuts = (withGpc === undefined ? [] : statedOptOuts(withGpc))
    .filter((optOut) => optOut.state !== "not_applicable")
    .map((optOut) => ({
      section: optOut.section,
      right: optOut.right,
      before: stateBefore.get(key(optOut)) ?? null,
      withGpc: optOut.state,
    }));
  const stringsOptedOut = optOuts.length === 0 ? null : optOuts.every((optOut) => optOut.withGpc === "opted_out");
  const pass = observations.usPrivacy?.gpcPass;
  const advertisingVendorsWithGpc = gpcRun.status === "completed" && pass?.status === "completed" ? (pass.advertisingVendors ?? []) : null;
  return {
    verdict: gpcRun.status === "completed" ? verdictOf(stringsOptedOut, advertisingVendorsWithGpc) : "not_observed",
    optOuts,
    stringsOptedOut,
    cmpSawGpc: withGpc === undefined ? null : cmpSawGpc(withGpc),
    advertisingVendorsWithGpc,
    gpcJsonClaims,
  };
}

function verdictOf(stringsOptedOut: boolean | null, advertising: string[] | null): GpcAnswer["verdict"] {
  const requestsHonour = advertising === null ? null : advertising.length === 0;
  const said = [stringsOptedOut, requestsHonour].filter((value) => value !== null);
  if (said.length === 0) return "not_observed";
  if (said.every(Boolean)) return "honoured";
  if (said.every((value) => !value)) return "not_honoured";
  return "partly";
}

const key = (optOut: Pick<StatedOptOut, "section" | "right">) => `${optOut.section}|${optOut.right}`;
