/**
 * CMP libraries autoconsent has no rule for, known by their own markup, so that a banner the heuristic
 * detector finds is named for what it is. Selectors are each library's documented root elements.
 */
export const CMP_MARKUP: ReadonlyArray<{ name: string; selector: string }> = [
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
