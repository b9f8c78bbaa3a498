import { describe, expect, it } from "vitest";
import { decodeGoogleConsent, isGoogleMeasurementHit } from "../../src/consent-mode/decode-google-consent.js";

const GA4 = "https://region1.google-analytics.com/g/collect?v=2&tid=G-X1";
const decode = (url: string) => decodeGoogleConsent(url, new URL(url).hostname);

describe("decodeGoogleConsent", () => {
  it("reads each v2 signal's state from gcd's letters (default and update combined)", () => {
    expect(decode(`${GA4}&gcd=13p3p3p3p5l1&gcs=G100`)).toEqual({
      consentMode: true,
      adStorage: "denied",
      analyticsStorage: "denied",
      adUserData: "denied",
      adPersonalization: "denied",
    });
    // u: granted by default, denied by update; r: denied by default, granted by update; v and t granted.
    expect(decode(`${GA4}&gcd=13u3r3v3t5`)).toEqual({
      consentMode: true,
      adStorage: "denied",
      analyticsStorage: "granted",
      adUserData: "granted",
      adPersonalization: "granted",
    });
    expect(decode(`${GA4}&gcd=13q3m3n3l5`)).toMatchObject({
      adStorage: "denied",
      analyticsStorage: "denied",
      adUserData: "granted",
      adPersonalization: "not_set",
    });
  });

  it("tells a page without consent mode (gcd all unset, no gcs) from one with it, and fills storage from gcs", () => {
    expect(decode(`${GA4}&gcd=13l3l3l3l5l1`)).toEqual({
      consentMode: false,
      adStorage: "not_set",
      analyticsStorage: "not_set",
      adUserData: "not_set",
      adPersonalization: "not_set",
    });
    expect(decode(GA4)).toMatchObject({ consentMode: false, adStorage: "not_set" });
    expect(decode(`${GA4}&gcs=G110&gcd=13l3l3l3l5`)).toMatchObject({
      consentMode: true,
      adStorage: "granted",
      analyticsStorage: "denied",
      adUserData: "not_set",
    });
  });

  it("reads Floodlight's parameters from its ;key=value path as well as from the query", () => {
    const floodlight = "https://ad.doubleclick.net/activity;src=1;type=sale;gcs=G111;gcd=13v3v3v3v5;ord=1?auiddc=x";
    expect(decode(floodlight)).toMatchObject({ consentMode: true, adStorage: "granted", adPersonalization: "granted" });
  });

  it("answers null for requests that are not Google measurement hits: other hosts and the tag libraries", () => {
    expect(decode("https://www.googletagmanager.com/gtag/js?id=G-X1&gcs=G100")).toBeNull();
    expect(decode("https://www.googleadservices.com/pagead/conversion.js")).toBeNull();
    expect(decode("https://tracker.example/collect?gcs=G111")).toBeNull();
    expect(decode("https://google-analytics.com.evil.example/g/collect?gcs=G111")).toBeNull();
    expect(isGoogleMeasurementHit("www.google.com", "/ccm/collect")).toBe(true);
    expect(isGoogleMeasurementHit("stats.g.doubleclick.net", "/g/collect")).toBe(true);
    // The tag manager's diagnostics carry no consent state whatever the page does: never "without consent mode".
    expect(isGoogleMeasurementHit("www.googletagmanager.com", "/td")).toBe(false);
  });

  it("refuses hostile values: over-long, malformed or unknown parameters decode as not set", () => {
    expect(decode(`${GA4}&gcd=${"13p3p3p3p5".padEnd(5000, "x")}`)).toMatchObject({ adStorage: "not_set", consentMode: false });
    expect(decode(`${GA4}&gcs=G1xx&gcd=13z3z3z3z5`)).toMatchObject({
      consentMode: true,
      adStorage: "not_set",
      analyticsStorage: "not_set",
    });
    expect(decode("https://ad.doubleclick.net/activity;gcs=%E0%A4%A;src=1")).toMatchObject({ consentMode: false });
    expect(decodeGoogleConsent("not a url", "www.google-analytics.com")).toBeNull();
  });
});
