import {
  runAcceptVisit,
  runGpcVisit,
  type AcceptOutcome,
  type AcceptTarget,
  type FreshPhaseSettings,
  type GpcOutcome,
} from "./fresh-phases.js";

/** Runs a task in a page slot of its own when one is free; null when none is. */
export type RunBeside = <T>(task: () => Promise<T>) => Promise<T> | null;

/**
 * The fresh-context phases started before the scan's own visit has its snapshot, each in a borrowed slot.
 * What they start with can turn out wrong (the snapshot finds no banner, another CMP, a page that is not the
 * site): the consent phases then drop them and run their own.
 */
export interface EarlyPhases {
  /** Starts the accept visit for this target now, once, if the switches want one and a slot is free. */
  startAccept(target: AcceptTarget): void;
  accept(): { target: AcceptTarget; outcome: Promise<AcceptOutcome> } | null;
  gpc(): Promise<GpcOutcome> | null;
  /** Stops an early phase the snapshot does not want: its visit closes at once. */
  drop(phase: "accept" | "gpc"): void;
  /** Waits for every early phase to end, whatever it returns: none may outlive the scan. */
  settle(): Promise<void>;
}

/**
 * Starts the GPC visit at once (it needs nothing of the first visit) and the accept visit when told which
 * CMP to accept with (the first visit saw autoconsent's popup). Each asks the IAB APIs at its snapshot
 * whatever the first visit finds, since that is not known yet; the consent phases drop the answers when the
 * first visit's APIs did not answer, so the evidence is what the phase would have recorded after the
 * snapshot. No progress is reported: the scan's progress follows its own visit.
 */
export function startEarlyPhases(settings: FreshPhaseSettings, beside: RunBeside): EarlyPhases {
  const stops = { accept: new AbortController(), gpc: new AbortController() };
  const early = (phase: "accept" | "gpc"): FreshPhaseSettings => {
    const { onProgress: _silent, ...rest } = settings;
    const stop = stops[phase].signal;
    return {
      ...rest,
      visit: { ...settings.visit, askConsentApis: true },
      signal: settings.signal === undefined ? stop : AbortSignal.any([settings.signal, stop]),
    };
  };
  const gpc = settings.switches.gpc ? beside(() => runGpcVisit(early("gpc"))) : null;
  let accept: { target: AcceptTarget; outcome: Promise<AcceptOutcome> } | null = null;
  let acceptTried = false;
  return {
    startAccept(target) {
      if (acceptTried || !settings.switches.accept) return;
      acceptTried = true;
      const outcome = beside(() => runAcceptVisit(early("accept"), target));
      if (outcome !== null) accept = { target, outcome };
    },
    accept: () => accept,
    gpc: () => gpc,
    drop: (phase) => stops[phase].abort(new Error(`early ${phase} phase not wanted`)),
    async settle() {
      await Promise.allSettled([gpc, accept?.outcome]);
    },
  };
}
