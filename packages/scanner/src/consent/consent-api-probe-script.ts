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
  /** What `__gpp('ping')` answered (GPP 1.1; 1.0's synchronous return is read too); null without the API. */
  gppData: { responded: boolean; signalStatus: string | null; gppString: string | null } | null;
  /** What `__uspapi('getUSPData', 1)` answered; null without the API. */
  uspData: { responded: boolean; uspString: string | null } | null;
}

/** A string the page returned, if it is one of at most `max` characters (longer ones go on for the decoder to refuse). */
const pageString = (value: unknown, max: number): string | null => (typeof value === "string" && value.length <= max ? value : null);

/**
 * The probe's answer as this process may use it. The probe runs in the page's own world, where the page
 * can replace any built-in the script relies on (`String.prototype.slice` included), so nothing it returns
 * is trusted: the shape is checked here and every string bounded before anything reads it. A TC string
 * over the decoder's cap is passed on as it is, for `summarizeTcString` to refuse without reading.
 */
export function toConsentApiProbeResult(value: unknown): ConsentApiProbeResult | null {
  if (typeof value !== "object" || value === null) return null;
  const { tcf, gpp, usp, tcData, gppData, uspData } = value as Record<string, unknown>;
  if (typeof tcf !== "boolean" || typeof gpp !== "boolean" || typeof usp !== "boolean") return null;
  const record = (part: unknown) => (typeof part === "object" && part !== null ? (part as Record<string, unknown>) : null);
  const tc = record(tcData);
  const gppAnswer = record(gppData);
  const uspAnswer = record(uspData);
  return {
    tcf,
    gpp,
    usp,
    tcData:
      tc === null
        ? null
        : {
            responded: tc.responded === true,
            gdprApplies: typeof tc.gdprApplies === "boolean" ? tc.gdprApplies : null,
            eventStatus: pageString(tc.eventStatus, 40),
            tcString: typeof tc.tcString === "string" ? tc.tcString : null,
          },
    gppData:
      gppAnswer === null
        ? null
        : {
            responded: gppAnswer.responded === true,
            signalStatus: pageString(gppAnswer.signalStatus, 40),
            gppString: typeof gppAnswer.gppString === "string" ? gppAnswer.gppString : null,
          },
    uspData: uspAnswer === null ? null : { responded: uspAnswer.responded === true, uspString: pageString(uspAnswer.uspString, 40) },
  };
}

/**
 * Page script for the top frame's main world (the IAB APIs live there): which of `__tcfapi`, `__gpp` and
 * `__uspapi` exist, and what `__tcfapi('getTCData', 2, …)`, `__gpp('ping', …)` and `__uspapi('getUSPData', 1, …)`
 * answer, together within `timeoutMs`. Reading them changes no consent state; the stubs queue the calls until
 * the CMP is ready.
 */
export function consentApiProbeScript(timeoutMs: number): string {
  return `(async () => {
  const tcf = typeof window.__tcfapi === "function";
  const gpp = typeof window.__gpp === "function";
  const usp = typeof window.__uspapi === "function";
  // Each API answers through a callback that may never come, so each has a timer; they run side by side.
  // A getter of the page's answer may throw: that counts as no answer, never as a hung probe.
  const ask = (call, none, read) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(none), ${Math.max(0, Math.round(timeoutMs))});
      const finish = (data) => {
        clearTimeout(timer);
        try {
          resolve(read(data && typeof data === "object" ? data : null));
        } catch {
          resolve(none);
        }
      };
      try {
        const returned = call((data, success) => finish(success === false ? null : data));
        // GPP 1.0 answers 'ping' by returning, not by calling back.
        if (returned && typeof returned === "object") finish(returned);
      } catch {
        clearTimeout(timer);
        resolve(none);
      }
    });
  const text = (value, max) => (typeof value === "string" ? value.slice(0, max) : null);
  const [tcData, gppData, uspData] = await Promise.all([
    tcf
      ? ask((done) => window.__tcfapi("getTCData", 2, done), { responded: false, gdprApplies: null, eventStatus: null, tcString: null }, (data) => ({
          responded: true,
          gdprApplies: data && typeof data.gdprApplies === "boolean" ? data.gdprApplies : null,
          eventStatus: data ? text(data.eventStatus, 40) : null,
          tcString: data ? text(data.tcString, 20000) : null,
        }))
      : null,
    gpp
      ? ask((done) => window.__gpp("ping", done), { responded: false, signalStatus: null, gppString: null }, (data) => ({
          responded: true,
          signalStatus: data ? text(data.signalStatus, 40) : null,
          gppString: data ? text(data.gppString, 20000) : null,
        }))
      : null,
    usp
      ? ask((done) => window.__uspapi("getUSPData", 1, done), { responded: false, uspString: null }, (data) => ({
          responded: true,
          uspString: data ? text(data.uspString, 40) : null,
        }))
      : null,
  ]);
  return { tcf, gpp, usp, tcData, gppData, uspData };
})()`;
}
