import { describe, expect, it } from "vitest";
import { formatScanProgress } from "../src/format-scan-progress.js";

describe("the scan command's progress lines", () => {
  it("say the time since the scan started, the percent and the phase in words", () => {
    expect(formatScanProgress({ phase: "consent_interaction", progressPercent: 55 }, 12_345)).toBe(
      "   12.3 s  55%  using the consent banner: reject, accept, GPC\n",
    );
    expect(formatScanProgress({ phase: "launching_browser", progressPercent: 5 }, 80)).toBe("    0.1 s   5%  starting the browser\n");
  });
});
