import { describe, expect, it } from "vitest";
import { AUTOCONSENT_EVAL_TIMEOUT_MS, extendEvalTimeout } from "../../src/consent/extend-eval-timeout.js";
import { loadAutoconsent } from "../../src/consent/load-autoconsent.js";

describe("extendEvalTimeout", () => {
  it("gives the installed autoconsent's main-world evaluations their longer wait", async () => {
    const { contentScript } = await loadAutoconsent();
    expect(contentScript).toContain(`constructor(id, timeout = ${AUTOCONSENT_EVAL_TIMEOUT_MS})`);
    expect(contentScript).not.toContain("constructor(id, timeout = 1e3)");
  });

  it("refuses a content script without the line, or with it twice", () => {
    expect(() => extendEvalTimeout("var Deferred = class { constructor(id, timeout = 2e3) {} };")).toThrow(/0 copies/);
    expect(() => extendEvalTimeout("constructor(id, timeout = 1e3) constructor(id, timeout = 1e3)")).toThrow(/2 copies/);
  });
});
