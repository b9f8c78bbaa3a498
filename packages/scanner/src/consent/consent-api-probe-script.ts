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
 * The probe's answer as this process may use it. The probe runs in the page's own world, where the page
 * can replace any built-in the script relies on (`String.prototype.slice` included), so nothing it returns
 * is trusted: the shape is checked here and every string bounded before anything reads it. A TC string
 * over the decoder's cap is passed on as it is, for `summarizeTcString` to refuse without reading.
 */
export function toConsentApiProbeResult(value: unknown): ConsentApiProbeResult | null {
  if (typeof value !== "object" || value === null) return null;
  const { tcf, gpp, usp, tcData } = value as Record<string, unknown>;
  if (typeof tcf !== "boolean" || typeof gpp !== "boolean" || typeof usp !== "boolean") return null;
  if (tcData === null) return { tcf, gpp, usp, tcData: null };
  if (typeof tcData !== "object" || tcData === undefined) return null;
  const data = tcData as Record<string, unknown>;
  return {
    tcf,
    gpp,
    usp,
    tcData: {
      responded: data.responded === true,
      gdprApplies: typeof data.gdprApplies === "boolean" ? data.gdprApplies : null,
      eventStatus: typeof data.eventStatus === "string" && data.eventStatus.length <= 40 ? data.eventStatus : null,
      tcString: typeof data.tcString === "string" ? data.tcString : null,
    },
  };
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
