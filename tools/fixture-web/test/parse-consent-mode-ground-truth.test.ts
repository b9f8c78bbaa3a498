import { describe, expect, it } from "vitest";
import { parseGroundTruth } from "../src/ground-truth.js";

const EMPTY = { cookies: [], storage: [], trackerVendors: [], trackerHosts: [] };
const COMPLETED = { status: "completed", reason: null, ...EMPTY };
const SUCCEEDED = { outcome: "succeeded", method: "autoconsent", verified: null, reason: null };
const PHASES = {
  consentActions: { reject: SUCCEEDED, accept: SUCCEEDED },
  afterReject: COMPLETED,
  afterAccept: COMPLETED,
  gpc: COMPLETED,
};
const DENIED = { adStorage: "denied", analyticsStorage: "denied", adUserData: "denied", adPersonalization: "denied" };
const DEFAULT = { command: "default", ...DENIED, regions: [], waitForUpdateMs: 500 };
const UPDATE = {
  command: "update",
  adStorage: "granted",
  analyticsStorage: "granted",
  adUserData: null,
  adPersonalization: null,
  regions: [],
  waitForUpdateMs: null,
};
const HIT = { host: "region1.google-analytics.com", ...DENIED, consentMode: true };
const NOT_SET_HIT = {
  host: "ad.doubleclick.net",
  adStorage: "not_set",
  analyticsStorage: "not_set",
  adUserData: "not_set",
  adPersonalization: "not_set",
  consentMode: false,
};
const CONSENT_MODE = {
  commands: { pre_consent: [DEFAULT], after_reject: [DEFAULT], after_accept: [DEFAULT, UPDATE], gpc: [DEFAULT] },
  hits: { pre_consent: [HIT, NOT_SET_HIT], after_reject: [], after_accept: [HIT, { ...HIT, adStorage: "granted" }], gpc: [HIT] },
};
const VALID = { preConsent: EMPTY, phases: PHASES, consentMode: CONSENT_MODE };

/** CONSENT_MODE with one command or hit of the first visit replaced. */
const withCommand = (command: object) => ({ ...CONSENT_MODE, commands: { ...CONSENT_MODE.commands, pre_consent: [command] } });
const withHit = (hit: object) => ({ ...CONSENT_MODE, hits: { ...CONSENT_MODE.hits, pre_consent: [hit] } });
const withoutGpc = ({ gpc: _gpc, ...others }: Record<string, unknown>) => others;

describe("parseGroundTruth: consentMode", () => {
  it("accepts a consentMode block, and a file without it", () => {
    expect(parseGroundTruth(VALID)).toEqual(VALID);
    expect(parseGroundTruth({ preConsent: EMPTY, phases: PHASES })).toEqual({ preConsent: EMPTY, phases: PHASES });
  });

  it("lists exactly the phases that complete: a phase that does not run is left out", () => {
    const notRun = { status: "not_run", reason: "no_banner", ...EMPTY };
    const phases = { ...PHASES, afterReject: notRun, afterAccept: notRun };
    const consentMode = {
      commands: { pre_consent: [DEFAULT], gpc: [DEFAULT] },
      hits: { pre_consent: [HIT], gpc: [HIT] },
    };
    expect(parseGroundTruth({ preConsent: EMPTY, phases, consentMode })).toEqual({ preConsent: EMPTY, phases, consentMode });
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases, consentMode: CONSENT_MODE })).toThrow(
      "$.consentMode.commands: after_reject, after_accept: a phase that does not complete by the phases ground truth is left out",
    );
    // Without `phases`, only the first visit is known to complete.
    expect(() => parseGroundTruth({ preConsent: EMPTY, consentMode: CONSENT_MODE })).toThrow(
      /after_reject, after_accept, gpc: a phase that does not complete/,
    );
  });

  it.each([
    ["an unknown key", { ...CONSENT_MODE, dataLayer: [] }, /\$\.consentMode: unknown key dataLayer/],
    ["a missing phase", { ...CONSENT_MODE, hits: withoutGpc(CONSENT_MODE.hits) }, /\$\.consentMode\.hits: missing key gpc/],
    ["a phase in camel case", { ...CONSENT_MODE, hits: { ...CONSENT_MODE.hits, afterAccept: [] } }, /unknown key afterAccept/],
    [
      "a command other than default or update",
      withCommand({ ...DEFAULT, command: "set" }),
      /pre_consent\[0\]\.command: expected default or update/,
    ],
    [
      "a signal value that is not granted, denied or null",
      withCommand({ ...DEFAULT, adUserData: "not_set" }),
      /\$\.consentMode\.commands\.pre_consent\[0\]\.adUserData: expected "granted", "denied" or null/,
    ],
    ["a signal value in gtag's spelling", withCommand({ ...DEFAULT, adStorage: "GRANTED" }), /adStorage: expected "granted"/],
    ["a region that is no ISO code", withCommand({ ...DEFAULT, regions: ["Europe"] }), /regions\[0\]: expected an ISO 3166 code/],
    ["a wait given as text", withCommand({ ...DEFAULT, waitForUpdateMs: "500" }), /waitForUpdateMs: expected a whole number/],
    ["a negative wait", withCommand({ ...DEFAULT, waitForUpdateMs: -1 }), /waitForUpdateMs: expected a whole number/],
    ["a missing signal", withCommand({ command: "default", regions: [], waitForUpdateMs: null }), /missing key adStorage/],
    [
      "a hit state that is no state",
      withHit({ ...HIT, analyticsStorage: "granted_by_default" }),
      /analyticsStorage: expected "granted", "denied" or "not_set"/,
    ],
    ["a hit state of null", withHit({ ...HIT, adStorage: null }), /adStorage: expected "granted", "denied" or "not_set"/],
    ["an upper-case hit host", withHit({ ...HIT, host: "Region1.Google-Analytics.com" }), /host: expected a lower-case host name/],
    ["consent mode on a hit with nothing set", withHit({ ...NOT_SET_HIT, consentMode: true }), /consentMode: expected false/],
    ["no consent mode on a hit with a signal set", withHit({ ...HIT, consentMode: false }), /consentMode: expected true/],
    ["consentMode as text", withHit({ ...HIT, consentMode: "true" }), /consentMode: expected true or false/],
    [
      "the same hit twice in a phase",
      { ...CONSENT_MODE, hits: { ...CONSENT_MODE.hits, gpc: [HIT, HIT] } },
      /hits\.gpc\[1\]: the same host and state twice/,
    ],
  ])("rejects %s", (_label, consentMode, message) => {
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases: PHASES, consentMode })).toThrow(message);
  });
});
