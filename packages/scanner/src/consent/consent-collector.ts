import { randomBytes } from "node:crypto";
import type { ConsentObservation, ConsentStepStatus } from "@public-scan/core";
import type { CDPSession, Protocol } from "puppeteer-core";
import type { Collector } from "../collectors/collector.js";
import type { AttachedTarget } from "../visit/attach-targets.js";
import { AUTOCONSENT_DETECT_CONFIG } from "./autoconsent-detect-config.js";
import { autoconsentBridgeScript } from "./autoconsent-bridge-script.js";
import { bannerScanScript, type BannerScanResult } from "./banner-scan-script.js";
import { consentApiProbeScript, type ConsentApiProbeResult } from "./consent-api-probe-script.js";
import { loadAutoconsent, type AutoconsentAssets } from "./load-autoconsent.js";
import { TimeoutError, withTimeout } from "../timing/with-timeout.js";
import { pickHit, toConsentObservation, type AutoconsentHit, type ConsentFindings, type ScannedFrame } from "./to-consent-observation.js";

export interface ConsentCollectorOptions {
  /** Longest wait for one frame's banner scan. */
  frameScanTimeoutMs?: number;
  /** Longest wait for `__tcfapi('getTCData')` to call back. */
  tcfTimeoutMs?: number;
  /**
   * For a visit that will accept: autoconsent gets the full rule of this CMP (the compact rules have no
   * opt-in steps) and no compact rules. `null`: no rule, only autoconsent's built-in CMPs. Absent: the
   * compact rules for each frame's URL (detection and opt-out).
   */
  optInCmp?: string | null;
}

/** The consent collector, plus what the consent phases need to act on the banner after the snapshot. */
export interface ConsentCollector extends Collector<ConsentObservation> {
  readonly banner: ConsentBannerHandle;
}

/** Acts on the banner in the frames the collector tracks. Every method settles; none throws. */
export interface ConsentBannerHandle {
  /** The CMP popup autoconsent found, the top frame's first; null without one. */
  popup(): AutoconsentHit | null;
  /**
   * Sends autoconsent in one frame a command (`optOut`, `optIn`, `selfTest`) and waits for its answer
   * message (`optOutResult`, `optInResult`, `selfTestResult`); null when none came in time.
   */
  ask(options: { frameKey: string; command: "optOut" | "optIn" | "selfTest"; timeoutMs: number }): Promise<Record<string, unknown> | null>;
  /** The banner scan of every frame, keeping each banner's buttons in the isolated world for `click`. */
  /** The frames' banners now; null when the top frame could not be read (a busy or reloading page). */
  scan(): Promise<ScannedFrame[] | null>;
  /** Clicks button `button` of banner `banner` of the last `scan` in that frame; false when it is gone. */
  click(options: { frameKey: string; banner: number; button: number }): Promise<boolean>;
}

const ANSWERS = { optOut: "optOutResult", optIn: "optInResult", selfTest: "selfTestResult" } as const;

interface TrackedTarget {
  session: CDPSession;
  key: string;
  /** Execution contexts of this target's frames: the scanner's isolated world and the main worlds. */
  contexts: Map<number, { frameId: string; isolated: boolean; isDefault: boolean }>;
}

/** autoconsent's lifecycle states from which detection has run in a frame. */
const STARTED = new Set([
  "started",
  "nothingDetected",
  "cmpDetected",
  "openPopupDetected",
  "runningOptOut",
  "runningOptIn",
  "optOutSucceeded",
  "optOutFailed",
  "optInSucceeded",
  "optInFailed",
  "done",
]);

/**
 * The consent banner before consent, passively. autoconsent (its content script and the compact rules for
 * the frame's URL) runs in an isolated world of every frame, out-of-process iframes included, with no
 * automatic action, and reports which CMP it recognises and whether its popup is visible. At collection,
 * the scanner's banner scan reads the first layer's buttons in every frame (shadow roots included) and
 * finds banners of unknown CMPs, and the top frame is probed for the IAB TCF, GPP and USP APIs. Nothing is
 * clicked, scrolled or typed.
 */
export function createConsentCollector(options: ConsentCollectorOptions = {}): ConsentCollector {
  const suffix = randomBytes(6).toString("hex");
  const bindingName = `__psc${suffix}`;
  const worldName = `public-scan-consent-${suffix}`;
  const buttonsName = `__psb${suffix}`;
  const listeners = new Set<(frameKey: string, message: Record<string, unknown>) => void>();
  const targets: TrackedTarget[] = [];
  const detected: AutoconsentHit[] = [];
  const popups: AutoconsentHit[] = [];
  const top = { heard: false, started: false };
  let assets: Promise<AutoconsentAssets> | null = null;

  const onTarget = async ({ session, kind }: AttachedTarget) => {
    if (kind !== "page" && kind !== "iframe") return;
    const tracked: TrackedTarget = { session, key: `t${targets.length}`, contexts: new Map() };
    targets.push(tracked);
    session.on("Runtime.executionContextCreated", ({ context }: Protocol.Runtime.ExecutionContextCreatedEvent) => {
      const aux = (context.auxData ?? {}) as { frameId?: unknown; isDefault?: unknown };
      if (typeof aux.frameId !== "string") return;
      tracked.contexts.set(context.id, { frameId: aux.frameId, isolated: context.name === worldName, isDefault: aux.isDefault === true });
    });
    session.on("Runtime.executionContextDestroyed", (event: Protocol.Runtime.ExecutionContextDestroyedEvent) => {
      tracked.contexts.delete(event.executionContextId);
    });
    session.on("Runtime.executionContextsCleared", () => tracked.contexts.clear());
    session.on("Runtime.bindingCalled", (event: Protocol.Runtime.BindingCalledEvent) => {
      if (event.name !== bindingName) return;
      // A frame that navigates away mid-answer is no error of the scan.
      void onMessage(tracked, event).catch(() => undefined);
    });
    const { contentScript } = await (assets ??= loadAutoconsent());
    await session.send("Runtime.enable");
    await session.send("Page.enable");
    // Exposed only to the isolated world of that name: page scripts never see the binding.
    await session.send("Runtime.addBinding", { name: bindingName, executionContextName: worldName });
    await session.send("Page.addScriptToEvaluateOnNewDocument", {
      source: `${autoconsentBridgeScript(bindingName)}\n${contentScript}`,
      worldName,
      runImmediately: true,
    });
  };

  async function onMessage(tracked: TrackedTarget, event: Protocol.Runtime.BindingCalledEvent) {
    const payload = JSON.parse(event.payload) as { top?: unknown; message?: unknown };
    const message = (payload.message ?? {}) as Record<string, unknown>;
    const isTop = payload.top === true;
    const frameId = tracked.contexts.get(event.executionContextId)?.frameId ?? `context-${event.executionContextId}`;
    const hit = () => ({
      cmp: typeof message.cmp === "string" ? message.cmp.slice(0, 80) : "",
      frameKey: `${tracked.key}:${frameId}`,
      top: isTop,
    });
    for (const listener of listeners) listener(`${tracked.key}:${frameId}`, message);
    const reply = (body: unknown) =>
      tracked.session.send("Runtime.evaluate", {
        expression: `globalThis.autoconsentReceiveMessage && globalThis.autoconsentReceiveMessage(${JSON.stringify(body)})`,
        contextId: event.executionContextId,
      });
    switch (message.type) {
      case "init": {
        if (isTop) top.heard = true;
        const url = typeof message.url === "string" ? message.url : "";
        const { rulesFor, fullRule } = await (assets ??= loadAutoconsent());
        const rules =
          options.optInCmp === undefined
            ? { autoconsent: [], compact: rulesFor({ url, mainFrame: isTop }) }
            : { autoconsent: options.optInCmp === null ? [] : await fullRule(options.optInCmp) };
        await reply({ type: "initResp", config: AUTOCONSENT_DETECT_CONFIG, rules });
        return;
      }
      case "eval": {
        // Rule steps that read the page's own CMP objects run in the frame's main world.
        if (typeof message.id !== "string" || typeof message.code !== "string") return;
        const main = [...tracked.contexts].find(([, context]) => context.frameId === frameId && context.isDefault)?.[0];
        const result =
          main === undefined
            ? false
            : await tracked.session
                .send("Runtime.evaluate", {
                  expression: message.code,
                  contextId: main,
                  returnByValue: true,
                  awaitPromise: true,
                  timeout: 1000,
                })
                .then(
                  (answer) => (answer.exceptionDetails ? false : (answer.result.value as unknown)),
                  () => false,
                );
        await reply({ type: "evalResp", id: message.id, result });
        return;
      }
      case "cmpDetected":
        detected.push(hit());
        return;
      case "popupFound":
        popups.push(hit());
        return;
      case "report": {
        const state = (message.state ?? {}) as { lifecycle?: unknown };
        if (isTop && typeof state.lifecycle === "string" && STARTED.has(state.lifecycle)) top.started = true;
        if (isTop) top.heard = true;
        return;
      }
      default:
        return;
    }
  }

  async function scanFrames(keep = false): Promise<ConsentFindings["bannerScan"]> {
    const timeoutMs = options.frameScanTimeoutMs ?? 1500;
    const jobs = targets.flatMap((tracked) =>
      [...tracked.contexts].flatMap(([contextId, context]) =>
        context.isolated ? [scanFrame({ tracked, contextId, frameId: context.frameId, timeoutMs, keep })] : [],
      ),
    );
    const results = await Promise.all(jobs);
    const frames = results.filter((frame): frame is ScannedFrame => frame !== null);
    if (frames.some((frame) => frame.top)) return { status: "ok", reason: null, frames };
    const timedOut = results.some((frame) => frame === null) && jobs.length > 0;
    return { status: "failed", reason: timedOut ? "main_frame_scan_failed" : "main_frame_not_reached", frames };
  }

  async function scanFrame(options: {
    tracked: TrackedTarget;
    contextId: number;
    frameId: string;
    timeoutMs: number;
    keep: boolean;
  }): Promise<ScannedFrame | null> {
    const answer = await withTimeout(
      options.tracked.session.send("Runtime.evaluate", {
        expression: bannerScanScript(options.keep ? { keepButtonsAs: buttonsName } : {}),
        contextId: options.contextId,
        returnByValue: true,
        timeout: options.timeoutMs,
      }),
      options.timeoutMs + 250,
    ).catch(() => null);
    if (answer === null || answer.exceptionDetails) return null;
    const value = answer.result.value as BannerScanResult | undefined;
    if (!value || !Array.isArray(value.banners)) return null;
    return {
      frameKey: `${options.tracked.key}:${options.frameId}`,
      top: value.top === true,
      banners: value.banners.slice(0, 8).map((banner) => ({
        inShadowDom: banner.inShadowDom === true,
        consentText: banner.consentText === true,
        labels: Array.isArray(banner.labels)
          ? banner.labels.filter((label): label is string => typeof label === "string").slice(0, 25)
          : [],
      })),
    };
  }

  function autoconsentStep(): ConsentFindings["autoconsent"] {
    const status: ConsentStepStatus = top.started ? "ok" : top.heard ? "timed_out" : "failed";
    const reason = top.started ? null : top.heard ? "autoconsent_not_started" : "autoconsent_not_injected";
    return { status, reason, detected, popups };
  }

  /** The scanner's isolated world in a frame, where autoconsent runs and the banner's buttons are kept. */
  function isolatedContextOf(frameKey: string): { tracked: TrackedTarget; contextId: number } | null {
    for (const tracked of targets) {
      const found = [...tracked.contexts].filter(([, context]) => context.isolated && `${tracked.key}:${context.frameId}` === frameKey);
      const last = found.at(-1);
      if (last !== undefined) return { tracked, contextId: last[0] };
    }
    return null;
  }

  const banner: ConsentBannerHandle = {
    popup: () => pickHit(popups),
    async ask({ frameKey, command, timeoutMs }) {
      const where = isolatedContextOf(frameKey);
      if (where === null) return null;
      let listener: ((key: string, message: Record<string, unknown>) => void) | undefined;
      const answered = new Promise<Record<string, unknown>>((resolve) => {
        listener = (key, message) => {
          if (key === frameKey && message.type === ANSWERS[command]) resolve(message);
        };
        listeners.add(listener);
      });
      try {
        await where.tracked.session.send("Runtime.evaluate", {
          expression: `globalThis.autoconsentReceiveMessage && globalThis.autoconsentReceiveMessage(${JSON.stringify({ type: command })})`,
          contextId: where.contextId,
        });
        return await withTimeout(answered, timeoutMs);
      } catch {
        return null;
      } finally {
        if (listener) listeners.delete(listener);
      }
    },
    async scan() {
      const scanned = await scanFrames(true);
      return scanned.status === "ok" ? scanned.frames : null;
    },
    async click({ frameKey, banner: bannerIndex, button }) {
      const where = isolatedContextOf(frameKey);
      if (where === null) return false;
      const answer = await withTimeout(
        where.tracked.session.send("Runtime.evaluate", {
          expression: `(() => {
  const element = globalThis[${JSON.stringify(buttonsName)}]?.[${bannerIndex}]?.[${button}];
  if (!element || !element.isConnected) return false;
  element.click();
  return true;
})()`,
          contextId: where.contextId,
          returnByValue: true,
        }),
        2000,
      ).catch(() => null);
      return answer?.result.value === true;
    },
  };

  return {
    id: "consent",
    budgetMs: 5000,
    banner,
    onTarget,
    async collect(context) {
      const tcfTimeoutMs = options.tcfTimeoutMs ?? 1000;
      const [bannerScan, probe] = await Promise.all([
        scanFrames(),
        withTimeout(context.page.evaluate(consentApiProbeScript(tcfTimeoutMs)) as Promise<ConsentApiProbeResult>, tcfTimeoutMs + 1000).then(
          (result) => ({ status: "ok" as const, result }),
          (error: unknown) => ({ status: error instanceof TimeoutError ? ("timed_out" as const) : ("failed" as const), result: null }),
        ),
      ]);
      return toConsentObservation({ autoconsent: autoconsentStep(), bannerScan, apiProbe: probe });
    },
    count: (result) => (result.bannerVisible || result.cmp !== null ? 1 : 0),
  };
}
