/**
 * CMP libraries known by their own markup, first match wins: a banner the heuristic detector finds is named
 * for what it is, and autoconsent's "Complianz" rules for the Osano cookieconsent's markup are told apart
 * from the Complianz plugin (which embeds that markup, so it comes first). Selectors are each library's
 * own root elements (Complianz: its `cmplz` ids and classes, its script).
 */
export const CMP_MARKUP: ReadonlyArray<{ name: string; selector: string }> = [
  { name: "Complianz", selector: '[id*="cmplz"], [class*="cmplz"], script[src*="complianz"]' },
  { name: "Orejime", selector: ".orejime-Env, .orejime-Banner, .orejime-Notice, #orejime" },
  { name: "Osano cookieconsent", selector: '.cc-window[aria-describedby="cookieconsent:desc"]' },
];

/**
 * autoconsent rule names that are variants of one CMP, by the name the CMP goes by. The rule's own name
 * still drives the actions; only the observation uses this one.
 */
export const CMP_RULE_ALIASES: Readonly<Record<string, string>> = {
  "tarteaucitron deny": "tarteaucitron.js",
};
