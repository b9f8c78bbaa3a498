import { describe, expect, it } from "vitest";
import { cmpDisplayName } from "../../src/render/cmp-display-name.js";

describe("consent platform names", () => {
  it("names a platform by its product, not the rule that found it", () => {
    expect(cmpDisplayName("cookieconsent3")).toBe("CookieConsent v3 (Orest Bida)");
    expect(cmpDisplayName("Cybotcookiebot")).toBe("Cookiebot");
    expect(cmpDisplayName("TrustArc-top")).toBe("TrustArc");
    expect(cmpDisplayName("Complianz optin")).toBe("Complianz");
  });

  it("shows an unknown or site-specific name as reported, and never a name inherited from Object", () => {
    expect(cmpDisplayName("tarteaucitron.js")).toBe("tarteaucitron.js");
    expect(cmpDisplayName("abconcerts.be")).toBe("abconcerts.be");
    expect(cmpDisplayName("constructor")).toBe("constructor");
    expect(cmpDisplayName("__proto__")).toBe("__proto__");
  });
});
