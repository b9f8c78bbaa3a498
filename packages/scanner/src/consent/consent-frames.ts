import { randomBytes } from "node:crypto";
import type { ConsentStepStatus } from "@public-scan/core";
import type { CDPSession, Protocol } from "puppeteer-core";
import type { AttachedTarget } from "../visit/attach-targets.js";
import { AUTOCONSENT_DETECT_CONFIG } from "./autoconsent-detect-config.js";
import { autoconsentBridgeScript } from "./autoconsent-bridge-script.js";
import { loadAutoconsent, type AutoconsentAssets } from "./load-autoconsent.js";
import type { AutoconsentHit, ConsentFindings } from "./to-consent-observation.js";

/** A page or iframe target the consent collector follows, with the execution contexts of its frames. */
export interface TrackedTarget {
  session: CDPSession;
  key: string;
  /** Execution contexts of this target's frames: the scanner's isolated world and the main worlds. */
  contexts: Map<number, { frameId: string; isolated: boolean; isDefault: boolean }>;
}

/** A message autoconsent sent from one frame (`<target key>:<frame id>`). */
export type AutoconsentListener = (frameKey: string, message: Record<string, unknown>) => void;

/** The frames of a visit with autoconsent in their isolated world, and what it reported from them. */
export interface ConsentFrames {
  /** Names unique to this visit, so a page cannot guess the binding, the world or the kept buttons. */
  readonly names: { binding: string; world: string; buttons: string; clicks: string };
  readonly targets: readonly TrackedTarget[];
  readonly detected: readonly AutoconsentHit[];
  readonly popups: readonly AutoconsentHit[];
  readonly listeners: Set<AutoconsentListener>;
  /** Installs the binding and autoconsent in a page or iframe target while it is paused. */
  attach(target: AttachedTarget): Promise<void>;
  /** Whether autoconsent ran in the top frame. */
  autoconsentStep(): ConsentFindings["autoconsent"];
  /** The scanner's isolated world in a frame, where autoconsent runs and the banner's buttons are kept. */
  isolatedContextOf(frameKey: string): { tracked: TrackedTarget; contextId: number } | null;
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
 * autoconsent (its content script and the compact rules for the frame's URL, or the full rule of the CMP
 * to opt in to) in an isolated world of every frame, out-of-process iframes included, with no automatic
 * action: it reports which CMP it recognises and whether its popup is visible.
 */
export function createConsentFrames(options: { optInCmp?: string | null | undefined }): ConsentFrames {
  const suffix = randomBytes(6).toString("hex");
  const names = { binding: `__psc${suffix}`, world: `public-scan-consent-${suffix}`, buttons: `__psb${suffix}`, clicks: `__psk${suffix}` };
  const targets: TrackedTarget[] = [];
  const detected: AutoconsentHit[] = [];
  const popups: AutoconsentHit[] = [];
  const listeners = new Set<AutoconsentListener>();
  const top = { heard: false, started: false };
  const assets = lazyAssets();

  const heard: HeardState = { detected, popups, listeners, top };
  const onMessage = (tracked: TrackedTarget, event: Protocol.Runtime.BindingCalledEvent) =>
    onAutoconsentMessage({ tracked, event, heard, assets, optInCmp: options.optInCmp });

  return {
    names,
    targets,
    detected,
    popups,
    listeners,
    async attach({ session, kind }) {
      if (kind !== "page" && kind !== "iframe") return;
      const tracked: TrackedTarget = { session, key: `t${targets.length}`, contexts: new Map() };
      targets.push(tracked);
      trackContexts(tracked, names.world);
      session.on("Runtime.bindingCalled", (event: Protocol.Runtime.BindingCalledEvent) => {
        if (event.name !== names.binding) return;
        // A frame that navigates away mid-answer is no error of the scan.
        void onMessage(tracked, event).catch(() => undefined);
      });
      await installAutoconsent(session, { names, contentScript: (await assets()).contentScript });
    },
    autoconsentStep() {
      const status: ConsentStepStatus = top.started ? "ok" : top.heard ? "timed_out" : "failed";
      const reason = top.started ? null : top.heard ? "autoconsent_not_started" : "autoconsent_not_injected";
      return { status, reason, detected, popups };
    },
    isolatedContextOf(frameKey) {
      for (const tracked of targets) {
        const found = [...tracked.contexts].filter(([, context]) => context.isolated && `${tracked.key}:${context.frameId}` === frameKey);
        const last = found.at(-1);
        if (last !== undefined) return { tracked, contextId: last[0] };
      }
      return null;
    },
  };
}

/** What autoconsent has told the collector so far, and who else listens. */
interface HeardState {
  detected: AutoconsentHit[];
  popups: AutoconsentHit[];
  listeners: ReadonlySet<AutoconsentListener>;
  /** Whether the top frame's autoconsent spoke at all, and whether its detection ran. */
  top: { heard: boolean; started: boolean };
}

/** One message from autoconsent in a frame: answer `init` and `eval`, record detections and the lifecycle. */
async function onAutoconsentMessage(options: {
  tracked: TrackedTarget;
  event: Protocol.Runtime.BindingCalledEvent;
  heard: HeardState;
  assets: () => Promise<AutoconsentAssets>;
  optInCmp?: string | null | undefined;
}) {
  const { tracked, event, heard } = options;
  const payload = JSON.parse(event.payload) as { top?: unknown; message?: unknown };
  const message = (payload.message ?? {}) as Record<string, unknown>;
  const isTop = payload.top === true;
  const frameId = tracked.contexts.get(event.executionContextId)?.frameId ?? `context-${event.executionContextId}`;
  const frameKey = `${tracked.key}:${frameId}`;
  for (const listener of heard.listeners) listener(frameKey, message);
  const hit = () => ({ cmp: typeof message.cmp === "string" ? message.cmp.slice(0, 80) : "", frameKey, top: isTop, at: Date.now() });
  const reply = (body: unknown) => replyToAutoconsent(tracked.session, { contextId: event.executionContextId, body });
  switch (message.type) {
    case "init":
      if (isTop) heard.top.heard = true;
      return reply({
        type: "initResp",
        config: AUTOCONSENT_DETECT_CONFIG,
        rules: await rulesFor({ assets: options.assets, message, isTop, optInCmp: options.optInCmp }),
      });
    case "eval":
      // Rule steps that read the page's own CMP objects run in the frame's main world.
      if (typeof message.id !== "string" || typeof message.code !== "string") return;
      return reply({ type: "evalResp", id: message.id, result: await evalInMainWorld({ tracked, frameId, code: message.code }) });
    case "cmpDetected":
      return void heard.detected.push(hit());
    case "popupFound":
      return void heard.popups.push(hit());
    case "report": {
      const state = (message.state ?? {}) as { lifecycle?: unknown };
      if (isTop && typeof state.lifecycle === "string" && STARTED.has(state.lifecycle)) heard.top.started = true;
      if (isTop) heard.top.heard = true;
      return;
    }
    default:
      return;
  }
}

/** autoconsent's assets, loaded once per collector on first use. */
function lazyAssets(): () => Promise<AutoconsentAssets> {
  let assets: Promise<AutoconsentAssets> | null = null;
  return () => (assets ??= loadAutoconsent());
}

/** Keeps the target's execution contexts current: which frame each belongs to, and which is ours. */
function trackContexts(tracked: TrackedTarget, worldName: string) {
  const { session } = tracked;
  session.on("Runtime.executionContextCreated", ({ context }: Protocol.Runtime.ExecutionContextCreatedEvent) => {
    const aux = (context.auxData ?? {}) as { frameId?: unknown; isDefault?: unknown };
    if (typeof aux.frameId !== "string") return;
    tracked.contexts.set(context.id, { frameId: aux.frameId, isolated: context.name === worldName, isDefault: aux.isDefault === true });
  });
  session.on("Runtime.executionContextDestroyed", (event: Protocol.Runtime.ExecutionContextDestroyedEvent) => {
    tracked.contexts.delete(event.executionContextId);
  });
  session.on("Runtime.executionContextsCleared", () => tracked.contexts.clear());
}

async function installAutoconsent(session: CDPSession, options: { names: ConsentFrames["names"]; contentScript: string }) {
  const { names } = options;
  await session.send("Runtime.enable");
  await session.send("Page.enable");
  // Exposed only to the isolated world of that name: page scripts never see the binding.
  await session.send("Runtime.addBinding", { name: names.binding, executionContextName: names.world });
  await session.send("Page.addScriptToEvaluateOnNewDocument", {
    source: `${autoconsentBridgeScript(names.binding)}\n${options.contentScript}`,
    worldName: names.world,
    runImmediately: true,
  });
}

/** Passes a message to autoconsent in one execution context (its isolated world). */
export function replyToAutoconsent(session: CDPSession, options: { contextId: number; body: unknown }) {
  return session.send("Runtime.evaluate", {
    expression: `globalThis.autoconsentReceiveMessage && globalThis.autoconsentReceiveMessage(${JSON.stringify(options.body)})`,
    contextId: options.contextId,
  });
}

/** The rules for a frame's `init`: compact rules for detection and opt-out, or the one CMP's full rule for an opt-in. */
async function rulesFor(options: {
  assets: () => Promise<AutoconsentAssets>;
  message: Record<string, unknown>;
  isTop: boolean;
  optInCmp?: string | null | undefined;
}) {
  const url = typeof options.message.url === "string" ? options.message.url : "";
  const { rulesFor: compactRulesFor, fullRule } = await options.assets();
  if (options.optInCmp === undefined) return { autoconsent: [], compact: compactRulesFor({ url, mainFrame: options.isTop }) };
  return { autoconsent: options.optInCmp === null ? [] : await fullRule(options.optInCmp) };
}

async function evalInMainWorld(options: { tracked: TrackedTarget; frameId: string; code: string }): Promise<unknown> {
  const { tracked } = options;
  const main = [...tracked.contexts].find(([, context]) => context.frameId === options.frameId && context.isDefault)?.[0];
  if (main === undefined) return false;
  return tracked.session
    .send("Runtime.evaluate", { expression: options.code, contextId: main, returnByValue: true, awaitPromise: true, timeout: 1000 })
    .then(
      (answer) => (answer.exceptionDetails ? false : (answer.result.value as unknown)),
      () => false,
    );
}
