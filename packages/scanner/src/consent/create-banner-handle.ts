import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";
import { clickLogScript } from "./click-log-script.js";
import { loadAutoconsent } from "./load-autoconsent.js";
import { replyToAutoconsent, type AutoconsentListener, type ConsentFrames } from "./consent-frames.js";
import { scanBannerFrames } from "./scan-banner-frames.js";
import { pickHit, type AutoconsentHit, type ScannedFrame } from "./to-consent-observation.js";

/** Acts on the banner in the frames the collector tracks. Every method settles; none throws. */
export interface ConsentBannerHandle {
  /** The CMP popup autoconsent found, the top frame's first; null without one. */
  popup(): AutoconsentHit | null;
  /** When autoconsent first reported a CMP popup in any frame (`Date.now()`); null before it has. */
  firstPopupAt(): number | null;
  /**
   * Sends autoconsent in one frame a command (`optOut`, `optIn`, `selfTest`) and waits for its answer
   * message (`optOutResult`, `optInResult`, `selfTestResult`); null when none came in time.
   */
  ask(options: { frameKey: string; command: "optOut" | "optIn" | "selfTest"; timeoutMs: number }): Promise<Record<string, unknown> | null>;
  /**
   * The banner scan of every frame, keeping each banner's buttons in the isolated world for `click`; null
   * when the top frame could not be read (a busy or reloading page).
   */
  scan(): Promise<ScannedFrame[] | null>;
  /** Clicks button `button` of banner `banner` of the last `scan` in that frame; false when it is gone. */
  click(options: { frameKey: string; banner: number; button: number }): Promise<boolean>;
  /**
   * Starts (`start`) or reads (`read`) the log of clicks in one frame: the labels of what was clicked since
   * the start, transient like the banner's labels. `read` is null when the frame or its log is gone.
   */
  clickLog(options: { frameKey: string; action: "start" | "read" }): Promise<string[] | null>;
  /** Whether autoconsent's rule for this CMP is cosmetic: its opt-out hides the notice, it chooses nothing. */
  isCosmetic(cmp: string): Promise<boolean>;
}

const ANSWERS = { optOut: "optOutResult", optIn: "optInResult", selfTest: "selfTestResult" } as const;

/** The consent phases' hold on the banner the consent collector watches. */
export function createBannerHandle(frames: ConsentFrames, options: { frameScanTimeoutMs: number }): ConsentBannerHandle {
  const evaluate = async (frameKey: string, expression: string): Promise<unknown> => {
    const where = frames.isolatedContextOf(frameKey);
    if (where === null) return null;
    const evaluation = where.tracked.session.send("Runtime.evaluate", { expression, contextId: where.contextId, returnByValue: true });
    const answer = await withTimeout(evaluation, { ms: 2000 }).catch(() => null);
    return answer === null || answer === TIMED_OUT ? null : (answer.result.value as unknown);
  };
  return {
    popup: () => pickHit(frames.popups),
    firstPopupAt: () =>
      frames.popups.reduce<number | null>(
        (first, hit) => (hit.at === undefined || (first !== null && first <= hit.at) ? first : hit.at),
        null,
      ),
    async ask({ frameKey, command, timeoutMs }) {
      const where = frames.isolatedContextOf(frameKey);
      if (where === null) return null;
      let listener: AutoconsentListener | undefined;
      const answered = new Promise<Record<string, unknown>>((resolve) => {
        listener = (key, message) => {
          if (key === frameKey && message.type === ANSWERS[command]) resolve(message);
        };
        frames.listeners.add(listener);
      });
      try {
        await replyToAutoconsent(where.tracked.session, { contextId: where.contextId, body: { type: command } });
        const answer = await withTimeout(answered, { ms: timeoutMs });
        return answer === TIMED_OUT ? null : answer;
      } catch {
        return null;
      } finally {
        if (listener) frames.listeners.delete(listener);
      }
    },
    async scan() {
      const scanned = await scanBannerFrames(frames, { timeoutMs: options.frameScanTimeoutMs, keep: true });
      return scanned.status === "ok" ? scanned.frames : null;
    },
    async click({ frameKey, banner, button }) {
      const clicked = await evaluate(
        frameKey,
        `(() => {
  const element = globalThis[${JSON.stringify(frames.names.buttons)}]?.[${banner}]?.[${button}];
  if (!element || !element.isConnected) return false;
  element.click();
  return true;
})()`,
      );
      return clicked === true;
    },
    async isCosmetic(cmp) {
      const rules = await loadAutoconsent()
        .then((assets) => assets.fullRule(cmp))
        .catch(() => []);
      return rules.some((rule) => rule.cosmetic === true);
    },
    async clickLog({ frameKey, action }) {
      const log = await evaluate(frameKey, clickLogScript({ name: frames.names.clicks, action }));
      if (action === "start") return log === true ? [] : null;
      return Array.isArray(log) ? log.filter((label): label is string => typeof label === "string") : null;
    },
  };
}
