import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";
import { MAX_CHOICE_TOGGLES, readChoiceTogglesScript, type RawChoiceToggle } from "./choice-toggles-script.js";
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
   * Starts (`start`) or reads (`read`) the log of clicks in one frame (`clickLogScript`): the labels of what
   * was clicked since the start, transient like the banner's labels, and the choice toggles the frame showed
   * at the first click made while it showed any. Null when the frame or its log is gone.
   */
  clickLog(options: { frameKey: string; action: "start" | "read" }): Promise<ClickLog | null>;
  /** The choice toggles one frame shows now (`READ_CHOICE_TOGGLES`); null when the frame could not be read. */
  toggles(frameKey: string): Promise<RawChoiceToggle[] | null>;
  /** Whether autoconsent's rule for this CMP is cosmetic: its opt-out hides the notice, it chooses nothing. */
  isCosmetic(cmp: string): Promise<boolean>;
}

/** What a click log holds: the labels clicked, and the toggles shown at the first click that saw any (else null). */
export interface ClickLog {
  clicks: string[];
  toggles: RawChoiceToggle[] | null;
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
      if (action === "start") return log === true ? { clicks: [], toggles: null } : null;
      if (typeof log !== "object" || log === null || !("clicks" in log) || !Array.isArray(log.clicks)) return null;
      return {
        clicks: log.clicks.filter((label): label is string => typeof label === "string"),
        toggles: "toggles" in log ? toRawToggles(log.toggles) : null,
      };
    },
    async toggles(frameKey) {
      return toRawToggles(await evaluate(frameKey, readChoiceTogglesScript()));
    },
  };
}

/** The toggles a page function returned, checked field by field: anything else reads as none read. */
function toRawToggles(value: unknown): RawChoiceToggle[] | null {
  if (!Array.isArray(value)) return null;
  return value.slice(0, MAX_CHOICE_TOGGLES).flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { checked, disabled, words } = item as Record<string, unknown>;
    if (typeof checked !== "boolean" || typeof disabled !== "boolean" || typeof words !== "string") return [];
    return [{ checked, disabled, words: words.slice(0, 240) }];
  });
}
