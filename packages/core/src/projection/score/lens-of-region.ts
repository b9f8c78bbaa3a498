import type { ScoreLens } from "../../contract/index.js";

/** The operator's choice of reading: one lens for every scan, or `by_region` (the default). */
export type RegimeLensSetting = ScoreLens | "by_region";

/** Region codes whose visitors the EU opt-in rule covers: the EEA's countries and the UK (PECR), and `eu`/`eea`/`uk` themselves. */
const OPT_IN_REGIONS = new Set(
  "eu eea uk gb at be bg hr cy cz dk ee fi fr de gr hu ie it lv lt lu mt nl pl pt ro sk si es se is li no".split(" "),
);

/**
 * The reading a scan's score follows. `by_region` reads a scan from a region of the US (`us`, `us_ca`, ...)
 * under the US opt-out rule and one from the EEA or the UK (`eu_ie`, `de`, `uk`, ...) under the EU opt-in
 * rule, by the region code's first part; any other region (`self_hosted`, where the deployment does not
 * say where it scans from) counts every finding (`combined`).
 */
export function lensOfRegion(scanFrom: string | null, setting: RegimeLensSetting = "by_region"): ScoreLens {
  if (setting !== "by_region") return setting;
  const area = (scanFrom ?? "").toLowerCase().split(/[_-]/)[0] ?? "";
  if (area === "us") return "us_opt_out";
  return OPT_IN_REGIONS.has(area) ? "eu_opt_in" : "combined";
}
