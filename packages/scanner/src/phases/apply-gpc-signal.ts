import type { AttachedTarget } from "../visit/attach-targets.js";
import { OBSERVE_ONLY_NETWORK } from "../collectors/observe-only-network.js";

/**
 * Main-world script for every frame, run before the page's own scripts: `navigator.globalPrivacyControl`
 * reads `true`, as in a browser whose user turned Global Privacy Control on. Defined on the prototype,
 * like the browsers that ship it, so `"globalPrivacyControl" in navigator` holds as well.
 */
export const GPC_NAVIGATOR_SCRIPT = `(() => {
  try {
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get() { return true; }, configurable: true, enumerable: true });
  } catch {}
})();`;

/**
 * Sends the Global Privacy Control signal from one target: the `Sec-GPC: 1` header on each of its
 * requests (documents, subresources, workers' fetches; every out-of-process iframe and worker is its own
 * target and gets this too) and, in frames, `navigator.globalPrivacyControl === true`. Runs while the
 * target is paused, after the collectors enabled the Network domain, so its first request carries it.
 */
export async function applyGpcSignal(target: AttachedTarget): Promise<void> {
  if (target.kind === "other") return;
  await target.session.send("Network.enable", OBSERVE_ONLY_NETWORK);
  await target.session.send("Network.setExtraHTTPHeaders", { headers: { "Sec-GPC": "1" } });
  if (target.kind === "page" || target.kind === "iframe") {
    await target.session.send("Page.enable");
    await target.session.send("Page.addScriptToEvaluateOnNewDocument", { source: GPC_NAVIGATOR_SCRIPT, runImmediately: true });
  }
}
