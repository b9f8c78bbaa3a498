import type { ScanObservations } from "../../observations/scan-observations.js";

const UNREAD_POLICY = new Set(["not_found", "unreachable", "timed_out", "not_html", "empty", "refused"]);
const BROKEN = new Set(["failed", "timed_out"]);
const spaced = (code: string) => code.replaceAll("_", " ");

/**
 * What transport, privacy-policy and US-law observations add to coverage. A step that failed or timed out,
 * or a policy page that could not be read, is a gap: a limitation, coverage partial, and never a finding
 * (a missing policy text proves nothing about the policy). Families the scan has no observation of are
 * "not part of this scan" in the summary.
 */
export function toSignalCoverage(observations: ScanObservations): {
  observed: string[];
  missing: string[];
  limitations: string[];
  partial: boolean;
} {
  const observed: string[] = [];
  const missing: string[] = [];
  const limitations: string[] = [];
  let partial = false;
  const gap = (text: string) => {
    limitations.push(text);
    partial = true;
  };

  const transport = observations.transport;
  if (transport === undefined) missing.push("transport security");
  else {
    if (transport.status !== "failed") observed.push("transport security");
    for (const [step, result] of Object.entries(transport.steps)) {
      if (BROKEN.has(result.status))
        gap(
          `Transport security: the ${spaced(step)} step ${result.status === "timed_out" ? "timed out" : "failed"}; its facts are missing.`,
        );
    }
  }

  const policy = observations.privacyPolicy;
  if (policy === undefined) missing.push("the privacy policy");
  else {
    if (policy.fetchStatus === "ok") observed.push("the privacy policy");
    if (UNREAD_POLICY.has(policy.fetchStatus)) {
      gap(`The privacy policy could not be read (${spaced(policy.fetchStatus)}); its disclosures are not assessed.`);
    }
    for (const [step, status] of Object.entries(policy.steps)) {
      if (BROKEN.has(status)) gap(`Privacy policy: the ${step} step ${status === "timed_out" ? "timed out" : "failed"}; not assessed.`);
    }
  }

  const us = observations.usPrivacy;
  if (us === undefined) missing.push("US-law signals");
  else {
    if (us.steps.links === "ok") observed.push("US-law signals");
    for (const [step, status] of Object.entries(us.steps)) {
      if (BROKEN.has(status))
        gap(`US-law signals: the ${spaced(step)} step ${status === "timed_out" ? "timed out" : "failed"}; not assessed.`);
    }
    if (us.gpcJson?.status === "unreachable") limitations.push("The Global Privacy Control support file could not be fetched.");
  }
  return { observed, missing, limitations, partial };
}
