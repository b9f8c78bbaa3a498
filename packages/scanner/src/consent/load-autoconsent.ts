import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { filterCompactRules, type AutoConsentCMPRule, type CompactCMPRuleset, type IndexedCMPRuleset } from "@duckduckgo/autoconsent";
import { extendEvalTimeout } from "./extend-eval-timeout.js";

/** autoconsent's content script and its compact rule set (detection and opt-out steps), read once. */
export interface AutoconsentAssets {
  /**
   * `dist/autoconsent.playwright.js`: the content script that talks through `autoconsentSendMessage`, with
   * its main-world evaluations given the time a busy scanner needs (`extendEvalTimeout`).
   */
  contentScript: string;
  /** The rules that apply to one frame's URL. */
  rulesFor: (options: { url: string; mainFrame: boolean }) => CompactCMPRuleset;
  /**
   * The full rule of one CMP by name (`rules/rules.json`, read on first use): it has the opt-in steps the
   * compact rules lack. Empty when autoconsent has no such rule (its built-in CMPs need none).
   */
  fullRule: (name: string) => Promise<AutoConsentCMPRule[]>;
}

let fullRules: Promise<AutoConsentCMPRule[]> | null = null;

let loaded: Promise<AutoconsentAssets> | null = null;

/**
 * Reads autoconsent's files from its npm package. The content script is not in the package's export map, so
 * it is found next to the package's main file (the path autoconsent's own Puppeteer guide uses).
 */
export function loadAutoconsent(): Promise<AutoconsentAssets> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const dist = dirname(require.resolve("@duckduckgo/autoconsent"));
    const [contentScript, rules] = await Promise.all([
      readFile(join(dist, "autoconsent.playwright.js"), "utf8"),
      readFile(require.resolve("@duckduckgo/autoconsent/rules/compact-rules.json"), "utf8"),
    ]);
    const compact = JSON.parse(rules) as IndexedCMPRuleset;
    const fullRule = async (name: string) => {
      fullRules ??= readFile(require.resolve("@duckduckgo/autoconsent/rules/rules.json"), "utf8").then(
        (text) => (JSON.parse(text) as { autoconsent: AutoConsentCMPRule[] }).autoconsent,
      );
      fullRules.catch(() => {
        fullRules = null;
      });
      return (await fullRules).filter((rule) => rule.name === name);
    };
    return { contentScript: extendEvalTimeout(contentScript), rulesFor: (options) => filterCompactRules(compact, options), fullRule };
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}
