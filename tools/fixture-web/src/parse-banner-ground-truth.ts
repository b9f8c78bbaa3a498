import { flag, list, record, text } from "./ground-truth-fields.js";

/** How a first-layer button looks, as the scan's measurements read it; null where the first layer has no such button. */
export type ButtonLookGroundTruth = "filled" | "plain" | "link" | null;

/**
 * The first layer's design as the scanner reports it (`BannerDesign` in @public-scan/core), in its
 * categorical parts: pixel sizes and contrast ratios vary with fonts and are not written down.
 */
export interface BannerDesignGroundTruth {
  placement: "top" | "bottom" | "center" | "side" | "full_screen";
  scrollLocked: boolean;
  blocksPage: boolean;
  /** `filled`: its own background; `link`: no fill, no border, a link or underlined; `plain`: anything else. */
  accept: ButtonLookGroundTruth;
  reject: ButtonLookGroundTruth;
}

/** The choice toggles a rejecting visitor is shown (`ChoiceToggles` in @public-scan/core); null: none are. */
export interface ChoiceTogglesGroundTruth {
  seenWhile: "rejecting" | "opening_settings";
  shown: number;
  necessaryOn: number;
  preTicked: number;
  preTickedPurposes: Array<"preferences" | "analytics" | "marketing" | "other">;
}

const PLACEMENTS = ["top", "bottom", "center", "side", "full_screen"];
const LOOKS = ["filled", "plain", "link"];
const PURPOSES = ["preferences", "analytics", "marketing", "other"];

export function parseBannerDesignGroundTruth(value: unknown, where: string): BannerDesignGroundTruth {
  const design = record(value, where, ["placement", "scrollLocked", "blocksPage", "accept", "reject"]);
  const placement = text(design.placement, `${where}.placement`);
  if (!PLACEMENTS.includes(placement)) throw new Error(`${where}.placement: expected one of ${PLACEMENTS.join(", ")}`);
  const look = (item: unknown, at: string): ButtonLookGroundTruth => {
    if (item === null) return null;
    if (!LOOKS.includes(text(item, at))) throw new Error(`${at}: expected one of ${LOOKS.join(", ")} or null`);
    return item as ButtonLookGroundTruth;
  };
  return {
    placement: placement as BannerDesignGroundTruth["placement"],
    scrollLocked: flag(design.scrollLocked, `${where}.scrollLocked`),
    blocksPage: flag(design.blocksPage, `${where}.blocksPage`),
    accept: look(design.accept, `${where}.accept`),
    reject: look(design.reject, `${where}.reject`),
  };
}

export function parseChoiceTogglesGroundTruth(value: unknown, where: string): ChoiceTogglesGroundTruth | null {
  if (value === null) return null;
  const toggles = record(value, where, ["seenWhile", "shown", "necessaryOn", "preTicked", "preTickedPurposes"]);
  const seenWhile = text(toggles.seenWhile, `${where}.seenWhile`);
  if (seenWhile !== "rejecting" && seenWhile !== "opening_settings")
    throw new Error(`${where}.seenWhile: expected rejecting or opening_settings`);
  const count = (item: unknown, at: string): number => {
    if (typeof item !== "number" || !Number.isInteger(item) || item < 0) throw new Error(`${at}: expected a whole number`);
    return item;
  };
  return {
    seenWhile,
    shown: count(toggles.shown, `${where}.shown`),
    necessaryOn: count(toggles.necessaryOn, `${where}.necessaryOn`),
    preTicked: count(toggles.preTicked, `${where}.preTicked`),
    preTickedPurposes: list(toggles.preTickedPurposes, `${where}.preTickedPurposes`).map((item, index) => {
      const purpose = text(item, `${where}.preTickedPurposes[${index}]`);
      if (!PURPOSES.includes(purpose)) throw new Error(`${where}.preTickedPurposes[${index}]: expected one of ${PURPOSES.join(", ")}`);
      return purpose as ChoiceTogglesGroundTruth["preTickedPurposes"][number];
    }),
  };
}
