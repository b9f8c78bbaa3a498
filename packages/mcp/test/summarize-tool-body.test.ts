import { describe, expect, it } from "vitest";
import { summarizeToolBody } from "../src/summarize-tool-body.js";

describe("summarizeToolBody", () => {
  const scan = { type: "service_scan", scanId: "s1", domain: "www.example.com", status: "completed", riskLevel: "low" };

  it("names a measured score", () => {
    expect(summarizeToolBody("service_get_scan", { ...scan, score: 72, scoreStatus: "final" })).toBe(
      "Scan s1 of www.example.com: completed, score 72, risk low. Next: service_get_scan_bundle.",
    );
  });

  it("never reads a no-go's placeholder score as a score: it is not assessed, incomplete evidence", () => {
    const line = summarizeToolBody("service_get_scan", {
      ...scan,
      status: "completed_limited",
      score: 0,
      scoreStatus: "not_assessed",
      riskLevel: "not_assessed",
    });
    expect(line).not.toMatch(/score 0/);
    expect(line).toContain("score not assessed");
    expect(line).toContain("not a failure");
  });
});
