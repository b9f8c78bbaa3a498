import { describe, expect, it } from "vitest";
import { toExampleName, toLabel } from "../../src/report/to-label.js";

describe("labels on the report page", () => {
  it("reads the service's signal codes as words", () => {
    expect(toExampleName("policy_section", "not_observed_automatedDecisions")).toBe("Not observed: automated decisions");
    expect(toExampleName("response_header", "hsts_missing")).toBe("HSTS missing");
    expect(toExampleName("page_element", "us_opt_out_link_not_found")).toBe("US opt out link not found");
    expect(toExampleName("certificate", "served_over_https")).toBe("Served over HTTPS");
    expect(toLabel("priority_review")).toBe("Priority review");
  });

  it("keeps a cookie's, a storage key's and a tracker's names exactly as observed", () => {
    expect(toExampleName("cookie", "_ga_DC7Q2K4M9B")).toBe("_ga_DC7Q2K4M9B");
    expect(toExampleName("storage_key", "not_observed_x")).toBe("not_observed_x");
    expect(toExampleName("tracker_request", "hsts_missing")).toBe("hsts_missing");
  });
});
