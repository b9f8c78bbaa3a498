import { describe, expect, it } from "vitest";
import { createPuppeteerScanner } from "../../src/create-puppeteer-scanner.js";

/**
 * A remote browser (browserWSEndpoint) was not started by the scanner, so none of its launch-flag
 * protections can be assumed, and CDP can neither read nor override them (checked: even
 * `Security.setIgnoreCertificateErrors(false)` does not undo `--ignore-certificate-errors`). Without the
 * operator's word for them, the scanner refuses it.
 */
describe("a remote browser", () => {
  it("is refused unless its operator vouches for its launch flags", () => {
    const endpoint = { browserWSEndpoint: "ws://127.0.0.1:9/devtools/browser/x" };
    expect(() => createPuppeteerScanner(endpoint)).toThrow(/vouched for/);
    expect(() => createPuppeteerScanner({ ...endpoint, remoteBrowserTrusted: true })).not.toThrow();
    expect(() => createPuppeteerScanner({})).not.toThrow();
  });
});
