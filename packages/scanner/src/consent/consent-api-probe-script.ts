/** What the probe returns; `tcString` is read transiently to be decoded, never reported. */
export interface ConsentApiProbeResult {
  tcf: boolean;
  gpp: boolean;
  usp: boolean;
  tcData: {
    responded: boolean;
    gdprApplies: boolean | null;
    eventStatus: string | null;
    tcString: string | null;
  } | null;
}

/**
 * Page script for the top frame's main world (the IAB APIs live there): which of `__tcfapi`, `__gpp` and
 * `__uspapi` exist, and what `__tcfapi('getTCData', 2, …)` answers within `timeoutMs`. Reading the TC data
 * changes no consent state; the TCF stub queues the call until the CMP is ready.
 */
export function consentApiProbeScript(timeoutMs: number): string {
  return `(async () => {
  const tcf = typeof window.__tcfapi === "function";
  const gpp = typeof window.__gpp === "function";
  const usp = typeof window.__uspapi === "function";
  let tcData = null;
  if (tcf) {
    tcData = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ responded: false, gdprApplies: null, eventStatus: null, tcString: null }), ${Math.max(0, Math.round(timeoutMs))});
      try {
        window.__tcfapi("getTCData", 2, (data, success) => {
          clearTimeout(timer);
          const ok = success !== false && data && typeof data === "object";
          resolve({
            responded: true,
            gdprApplies: ok && typeof data.gdprApplies === "boolean" ? data.gdprApplies : null,
            eventStatus: ok && typeof data.eventStatus === "string" ? data.eventStatus.slice(0, 40) : null,
            tcString: ok && typeof data.tcString === "string" ? data.tcString.slice(0, 20000) : null,
          });
        });
      } catch {
        clearTimeout(timer);
        resolve({ responded: false, gdprApplies: null, eventStatus: null, tcString: null });
      }
    });
  }
  return { tcf, gpp, usp, tcData };
})()`;
}
