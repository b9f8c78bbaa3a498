// The Fjord Gazette's consent management platform, an IAB TCF v2.2 CMP: the IAB Tech Lab's CMP API
// (@iabtcf/cmpapi) answers __tcfapi, TC strings are encoded with @iabtcf/core against the CMP's own copy of
// the vendor list (assets/vendor-list.json), and the banner is vanilla-cookieconsent v3 (all three served
// from their npm packages under /vendor/).
//
// Done right: until the visitor answers, the CMP shows its UI and its TC string grants nothing (no consent,
// no legitimate interest, no vendor). Reject keeps only legitimate interest, for the purposes TCF policy
// version 4 allows it for and the vendors that declare it; accept adds consent for purposes 1-11 and every
// vendor, and special feature 1 (precise geolocation).
import { CmpApi } from "@iabtcf/cmpapi";
import { GVL, TCModel, TCString } from "@iabtcf/core";
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

const CMP_ID = 300;
const CMP_VERSION = 1;
/** The purposes TCF policy version 4 (TCF v2.2) allows under legitimate interest: not 1, 3, 4, 5 or 6. */
const LEGITIMATE_INTEREST_PURPOSES = [2, 7, 8, 9, 10, 11];
const ALL_PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

// Service-specific, as TCF v2.2 requires. Calls queued by the stub are answered after the first update.
const cmpApi = new CmpApi(CMP_ID, CMP_VERSION, true);
const gvl = new GVL(await (await fetch("/assets/vendor-list.json")).json());
const vendors = Object.values(gvl.vendors);

/** A TC string of this CMP with the given signals; policy version and vendor list version come from the GVL. */
const encode = (signals) => {
  const model = new TCModel(gvl);
  model.cmpId = CMP_ID;
  model.cmpVersion = CMP_VERSION;
  model.isServiceSpecific = true;
  model.publisherCountryCode = "NO";
  model.consentScreen = 1;
  model.purposeConsents.set(signals.purposeConsents);
  model.purposeLegitimateInterests.set(signals.purposeLegitimateInterests);
  model.specialFeatureOptins.set(signals.specialFeatureOptins);
  model.vendorConsents.set(signals.vendorConsents);
  model.vendorLegitimateInterests.set(signals.vendorLegitimateInterests);
  return TCString.encode(model);
};

const NOTHING = {
  purposeConsents: [],
  purposeLegitimateInterests: [],
  specialFeatureOptins: [],
  vendorConsents: [],
  vendorLegitimateInterests: [],
};
const LEGITIMATE_INTEREST = {
  ...NOTHING,
  purposeLegitimateInterests: LEGITIMATE_INTEREST_PURPOSES,
  vendorLegitimateInterests: vendors.filter((vendor) => vendor.legIntPurposes.length > 0).map((vendor) => vendor.id),
};
const EVERYTHING = {
  ...LEGITIMATE_INTEREST,
  purposeConsents: ALL_PURPOSES,
  specialFeatureOptins: [1],
  vendorConsents: vendors.map((vendor) => vendor.id),
};

/** The visitor's answer as a TC string: the banner's one category stands for every purpose and vendor. */
const answer = () => cmpApi.update(encode(CookieConsent.acceptedCategory("partners") ? EVERYTHING : LEGITIMATE_INTEREST), false);

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "box", position: "bottom left", equalWeightButtons: true },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    partners: {},
  },
  // The banner shows only without a stored answer: the CMP API then says its UI is shown, with nothing granted.
  onModalShow: ({ modalName }) => {
    if (modalName === "consentModal" && !CookieConsent.validConsent()) cmpApi.update(encode(NOTHING), true);
  },
  onConsent: answer,
  onChange: answer,
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "We value your privacy",
          description:
            "With your consent, we and our 12 partners store and access information on your device and use personal data for personalised advertising and content, advertising and content measurement, audience research and services development. Some partners rely on legitimate interest, which you can object to in the settings.",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          showPreferencesBtn: "Settings",
          footer: '<a href="/privacy-policy">Privacy policy</a>',
        },
        preferencesModal: {
          title: "Privacy settings",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          savePreferencesBtn: "Save choices",
          closeIconLabel: "Close",
          sections: [
            { title: "Strictly necessary", description: "Remember your privacy choices.", linkedCategory: "necessary" },
            {
              title: "Advertising partners",
              description: "Our 12 partners, for IAB TCF purposes 1 to 11 and precise geolocation.",
              linkedCategory: "partners",
            },
          ],
        },
      },
    },
  },
});
