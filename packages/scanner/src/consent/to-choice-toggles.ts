import type { ChoiceToggles, TogglePurpose } from "@public-scan/core";
import type { RawChoiceToggle } from "./choice-toggles-script.js";

type Named = TogglePurpose | "necessary";

/**
 * The words CMPs put next to their category toggles, in the languages the banner vocabulary covers. Stems,
 * so that "Statistik", "statistics" and "estatísticas" all match; each toggle takes the purpose named
 * earliest in its words (a category's title comes before its description).
 */
const PURPOSE_WORDS: ReadonlyArray<readonly [Named, RegExp]> = [
  [
    "necessary",
    /necessar|essential|required|strictly|technisch|technical|notwendig|erforderlich|nécessaire|essentiel|indispensable|imprescindible|técnic|tecnic|necesari|necessári|estritamente|noodzakelijk|niezbędn|nödvändig|nødvendig|välttämät|security/,
  ],
  [
    "analytics",
    /analytic|analyse|analys|analiz|statisti|statystyk|estatístic|estadístic|performance|measure|measurement|mesure|audience|leistung|rendimiento|desempenho|prestazion/,
  ],
  [
    "marketing",
    /marketing|advertis|\bads?\b|targeting|targeted|werbung|werbe|publicit|publicid|pubblicit|reclame|advertentie|reklam|ciblage|remarketing|retargeting|social media|tracking/,
  ],
  [
    "preferences",
    /preferen|präferenz|préférence|functional|functionalit|funktion|fonctionnel|funcional|funzional|functione|funkcjonal|personali[sz]|personnalis|comfort|komfort|inställning/,
  ],
];

/**
 * Counts and purposes of the toggles a consent dialog showed, from the page's raw reading. A toggle locked
 * on, or named necessary, is the dialog's necessary category; any other toggle switched on is pre-ticked,
 * with the purpose its words name. Null for no toggles.
 */
export function toChoiceToggles(
  reading: { seenWhile: ChoiceToggles["seenWhile"]; toggles: readonly RawChoiceToggle[] } | null,
): ChoiceToggles | null {
  if (reading === null || reading.toggles.length === 0) return null;
  let necessaryOn = 0;
  const preTicked: TogglePurpose[] = [];
  for (const toggle of reading.toggles) {
    if (!toggle.checked) continue;
    const purpose = purposeOf(toggle.words);
    if (toggle.disabled || purpose === "necessary") necessaryOn += 1;
    else preTicked.push(purpose);
  }
  const order: readonly TogglePurpose[] = ["marketing", "analytics", "preferences", "other"];
  return {
    seenWhile: reading.seenWhile,
    shown: Math.min(reading.toggles.length, 100),
    necessaryOn,
    preTicked: preTicked.length,
    preTickedPurposes: order.filter((purpose) => preTicked.includes(purpose)),
  };
}

/** The purpose named earliest in the toggle's words (its value and name come first), `other` for none. */
export function purposeOf(words: string): Named {
  const text = words.toLowerCase();
  let best: { purpose: Named; at: number } | null = null;
  for (const [purpose, pattern] of PURPOSE_WORDS) {
    const at = text.search(pattern);
    if (at >= 0 && (best === null || at < best.at)) best = { purpose, at };
  }
  return best?.purpose ?? "other";
}
