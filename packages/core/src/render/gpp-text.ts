import type { GppOptOut } from "../observations/gpp-observation.js";
import type { StatedOptOut } from "../projection/gpp-answers.js";
import type { GpcAnswer } from "../projection/to-gpc-answer.js";

const RIGHT_WORDS: Readonly<Record<StatedOptOut["right"], string>> = {
  sale: "sale",
  sharing: "sharing",
  targeted_advertising: "targeted advertising",
};
const STATE_WORDS: Readonly<Record<GppOptOut, string>> = {
  opted_out: "opted out",
  did_not_opt_out: "not opted out",
  not_applicable: "not applicable",
};

/** The name a reader knows a section by: `usp` is the US Privacy API's own string. */
export function gppSectionText(section: string): string {
  return section === "usp" ? "US Privacy string" : section;
}

/**
 * The opt-outs of one phase's strings in words, by section: "usnat: sale opted out, sharing opted out;
 * US Privacy string: sale not opted out"; "none stated" when there are none. The report page and the terminal
 * say it the same way.
 */
export function gppOptOutsText(optOuts: readonly Pick<StatedOptOut, "section" | "right" | "state">[]): string {
  const bySection = new Map<string, string[]>();
  for (const optOut of optOuts) {
    const words = bySection.get(optOut.section) ?? [];
    words.push(`${RIGHT_WORDS[optOut.right]} ${STATE_WORDS[optOut.state]}`);
    bySection.set(optOut.section, words);
  }
  if (bySection.size === 0) return "none stated";
  return [...bySection].map(([section, words]) => `${gppSectionText(section)}: ${words.join(", ")}`).join("; ");
}

const VERDICT_WORDS: Readonly<Record<GpcAnswer["verdict"], string>> = {
  honoured: "Honoured",
  partly: "Partly honoured",
  not_honoured: "Not honoured",
  not_observed: "Not observed",
};

/** The GPC answer in words with the evidence behind it, one clause per kind of evidence. */
export function gpcAnswerText(answer: GpcAnswer): { verdict: string; evidence: string[] } {
  const evidence: string[] = [];
  if (answer.stringsOptedOut !== null) {
    const changes = answer.optOuts.map((optOut) => ({ section: optOut.section, right: optOut.right, state: optOut.withGpc }));
    evidence.push(`privacy strings under GPC: ${gppOptOutsText(changes)}`);
  } else evidence.push("privacy strings: none stated an opt-out under GPC");
  if (answer.cmpSawGpc !== null) evidence.push(`the consent platform's GPC field: ${answer.cmpSawGpc ? "set" : "not set"}`);
  if (answer.advertisingVendorsWithGpc !== null) {
    const vendors = answer.advertisingVendorsWithGpc;
    evidence.push(
      vendors.length === 0 ? "no advertising vendor contacted under GPC" : `advertising vendors contacted under GPC: ${vendors.join(", ")}`,
    );
  }
  if (answer.gpcJsonClaims !== null) evidence.push(`gpc.json claims ${answer.gpcJsonClaims ? "support" : "no support"}`);
  return { verdict: VERDICT_WORDS[answer.verdict], evidence };
}
