import {
  CONSENT_MODE_COMMANDS_PER_PHASE,
  ConsentModeCommandSchema,
  type ConsentModeCommand,
  type ConsentModeObservation,
  type EvidencePhase,
} from "@public-scan/core";
import type { Page } from "puppeteer-core";
import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";

/** dataLayer entries looked at: a page that queues more is read up to here. */
const MAX_ENTRIES = 2000;

/**
 * Runs in the page's main world (gtag's dataLayer lives there): the `gtag('consent', ...)` commands queued
 * so far, as plain values. gtag pushes its `arguments` object, so an entry is array-like: `[ "consent",
 * "default" | "update", { ad_storage: ..., region: [...], wait_for_update: ... } ]`. The page can replace
 * any built-in, so the script calls none (plain loops with fixed bounds, whatever `length` claims), and what
 * it returns is checked again in Node (`toConsentModeCommands`).
 */
const READ_SCRIPT = `(() => {
  const layer = window.dataLayer;
  const found = [];
  if (layer === null || typeof layer !== "object") return found;
  for (let index = 0; index < ${MAX_ENTRIES} && index < layer.length && found.length <= ${CONSENT_MODE_COMMANDS_PER_PHASE * 5}; index += 1) {
    const entry = layer[index];
    if (entry === null || typeof entry !== "object" || entry[0] !== "consent") continue;
    if (entry[1] !== "default" && entry[1] !== "update") continue;
    const params = entry[2] !== null && typeof entry[2] === "object" ? entry[2] : {};
    const value = (key) => (params[key] === "granted" || params[key] === "denied" ? params[key] : null);
    const regions = [];
    const region = params.region;
    if (region !== null && typeof region === "object") {
      for (let at = 0; at < 300 && at < region.length; at += 1) {
        if (typeof region[at] === "string" && region[at].length <= 10) regions[regions.length] = region[at];
      }
    }
    found[found.length] = {
      command: entry[1],
      adStorage: value("ad_storage"),
      analyticsStorage: value("analytics_storage"),
      adUserData: value("ad_user_data"),
      adPersonalization: value("ad_personalization"),
      regions,
      waitForUpdateMs: typeof params.wait_for_update === "number" ? params.wait_for_update : null,
    };
  }
  return found;
})()`;

/** What one phase's read found: its commands (bounded) and how many were cut. */
export interface PhaseConsentModeCommands {
  commands: ConsentModeCommand[];
  truncated: number;
}

/**
 * The Google Consent Mode commands in the page's dataLayer at this moment, tagged with the phase; null when
 * the page could not be read in time (a busy or navigating page): unread, not "no commands".
 */
export async function readConsentModeCommands(
  page: Page,
  options: { phase: EvidencePhase; timeoutMs: number },
): Promise<PhaseConsentModeCommands | null> {
  const answer = await withTimeout(page.evaluate(READ_SCRIPT), { ms: options.timeoutMs }).catch(() => null);
  if (answer === null || answer === TIMED_OUT) return null;
  return toConsentModeCommands(answer, options.phase);
}

/**
 * The page's answer as this process may use it: every item checked against the schema (a region code is
 * upper-cased, a wait rounded and bounded), an item that does not fit dropped, at most
 * `CONSENT_MODE_COMMANDS_PER_PHASE` kept and the rest counted.
 */
export function toConsentModeCommands(answer: unknown, phase: EvidencePhase): PhaseConsentModeCommands {
  if (!Array.isArray(answer)) return { commands: [], truncated: 0 };
  const commands: ConsentModeCommand[] = [];
  let truncated = 0;
  for (const item of answer.slice(0, CONSENT_MODE_COMMANDS_PER_PHASE * 5) as unknown[]) {
    if (item === null || typeof item !== "object") continue;
    const raw = item as Record<string, unknown>;
    const regions = Array.isArray(raw.regions)
      ? raw.regions.filter((code): code is string => typeof code === "string").map((code) => code.toUpperCase())
      : [];
    const wait =
      typeof raw.waitForUpdateMs === "number" && Number.isFinite(raw.waitForUpdateMs)
        ? Math.min(600_000, Math.max(0, Math.round(raw.waitForUpdateMs)))
        : null;
    const parsed = ConsentModeCommandSchema.safeParse({
      phase,
      command: raw.command,
      adStorage: raw.adStorage ?? null,
      analyticsStorage: raw.analyticsStorage ?? null,
      adUserData: raw.adUserData ?? null,
      adPersonalization: raw.adPersonalization ?? null,
      // A malformed code is dropped, not the command: the signals it sets still count.
      regions: regions.filter((code) => /^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/.test(code)),
      waitForUpdateMs: wait,
    });
    if (!parsed.success) continue;
    if (commands.length < CONSENT_MODE_COMMANDS_PER_PHASE) commands.push(parsed.data);
    else truncated += 1;
  }
  return { commands, truncated };
}

/** The scan's consent-mode observation from each phase's read (null: that phase's page was not read). */
export function toConsentModeObservation(
  reads: ReadonlyArray<(PhaseConsentModeCommands & { phase: EvidencePhase }) | null>,
): ConsentModeObservation {
  const done = reads.filter((read) => read !== null);
  return {
    phasesRead: done.map((read) => read.phase),
    commands: done.flatMap((read) => read.commands),
    truncated: done.reduce((sum, read) => sum + read.truncated, 0),
  };
}
