import type { ConsentStepStatus, GppAnswer, TcfAnswer, UspAnswer } from "@public-scan/core";
import type { Page } from "puppeteer-core";
import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";
import { consentApiProbeScript, toConsentApiProbeResult, type ConsentApiProbeResult } from "./consent-api-probe-script.js";
import type { TcfVendorList } from "../classify/load-tcf-vendor-list.js";
import { decodeGppString, decodeUspString } from "./decode-gpp-string.js";
import { summarizeTcString } from "./summarize-tc-string.js";

/** How the probe of the top frame's consent APIs went, and what it found. */
export interface ApiProbeOutcome {
  status: ConsentStepStatus;
  result: ConsentApiProbeResult | null;
}

const TCF_EVENTS = new Set(["tcloaded", "cmpuishown", "useractioncomplete"]);

/** The top frame's IAB TCF, GPP and USP APIs, each given `tcfTimeoutMs` to answer. */
export async function probeConsentApis(page: Page, tcfTimeoutMs: number): Promise<ApiProbeOutcome> {
  const evaluation = page.evaluate<[], () => unknown>(consentApiProbeScript(tcfTimeoutMs));
  return withTimeout(evaluation, { ms: tcfTimeoutMs + 1000 }).then(
    (answer) => {
      if (answer === TIMED_OUT) return { status: "timed_out", result: null };
      const result = toConsentApiProbeResult(answer);
      return result === null ? { status: "failed", result: null } : { status: "ok", result };
    },
    () => ({ status: "failed", result: null }),
  );
}

/**
 * What the probe's `getTCData` call answered, decoded (the TC string itself is dropped here); null when the
 * probe did not run, or the page has no TCF API.
 */
export function toTcfAnswer(probe: ApiProbeOutcome, vendorList: TcfVendorList | null = null): TcfAnswer | null {
  const result = probe.result;
  if (probe.status !== "ok" || result === null || !result.tcf || result.tcData === null) return null;
  const data = result.tcData;
  const decoded = data.tcString ? summarizeTcString(data.tcString, vendorList) : null;
  return {
    responded: data.responded,
    gdprApplies: data.gdprApplies,
    eventStatus: data.eventStatus === null ? null : TCF_EVENTS.has(data.eventStatus) ? (data.eventStatus as "tcloaded") : "other",
    tcString: !data.responded ? null : !data.tcString ? "empty" : decoded === null ? "undecodable" : "decoded",
    decoded,
  };
}

/**
 * What the probe's `__gpp('ping')` call answered, each section decoded (the GPP string itself is dropped
 * here); null when the probe did not run, or the page has no GPP API.
 */
export function toGppAnswer(probe: ApiProbeOutcome): GppAnswer | null {
  const data = probe.status === "ok" ? probe.result?.gppData : null;
  if (data === null || data === undefined) return null;
  const decoded = data.responded && data.gppString ? decodeGppString(data.gppString) : null;
  const status = data.signalStatus;
  return {
    responded: data.responded,
    signalStatus: status === null ? null : status === "ready" ? "ready" : status === "not ready" ? "not_ready" : "other",
    gppString: !data.responded ? null : !data.gppString ? "empty" : decoded === null ? "undecodable" : "decoded",
    sections: decoded?.sections ?? [],
  };
}

/** What the probe's `__uspapi('getUSPData')` call answered, decoded; null without the USP API. */
export function toUspAnswer(probe: ApiProbeOutcome): UspAnswer | null {
  const data = probe.status === "ok" ? probe.result?.uspData : null;
  if (data === null || data === undefined) return null;
  const decoded = data.responded && data.uspString ? decodeUspString(data.uspString) : null;
  return {
    responded: data.responded,
    uspString: !data.responded ? null : !data.uspString ? "empty" : decoded === null ? "undecodable" : "decoded",
    notice: decoded?.notice ?? null,
    optOutSale: decoded?.optOutSale ?? null,
    lspaCovered: decoded?.lspaCovered ?? null,
  };
}
