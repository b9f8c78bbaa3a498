import type { ConsentAction, ConsentObservation } from "@public-scan/core";
import type { ConsentButtonKind } from "./classify-button-label.js";
import { classifyFirstLayer } from "./classify-first-layer.js";

/**
 * The first layer as the reject showed it. Labels are read by vocabulary and can be missed (a language or
 * a wording it lacks); what the reject clicked first was on the first layer for sure. A reject that
 * succeeded with its first click on a reject button (or with one click on a button the vocabulary could
 * not name) means the first layer offers reject; one whose first click opened the settings means the
 * settings are there. The classification never contradicts the scan's own actions.
 */
export function reconcileFirstLayer(
  consent: ConsentObservation,
  reject: { action: ConsentAction; clicks: readonly ConsentButtonKind[] | null },
): ConsentObservation {
  const { action, clicks } = reject;
  if (action.outcome !== "succeeded" || clicks === null || clicks.length === 0) return consent;
  if (!consent.bannerVisible || consent.firstLayer === null) return consent;
  const first = clicks[0];
  const offers = first === "reject" || (first === "other" && clicks.length === 1) ? "reject" : first === "settings" ? "settings" : null;
  if (offers === null || consent.firstLayer[offers]) return consent;
  const firstLayer = { ...consent.firstLayer, [offers]: true };
  return { ...consent, firstLayer, classification: classifyFirstLayer({ bannerVisible: true, buttons: firstLayer }) };
}
