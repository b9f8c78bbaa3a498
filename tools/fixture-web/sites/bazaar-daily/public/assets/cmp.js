// Bazaar Daily's consent management platform, an IAB TCF v2.2 CMP: the IAB Tech Lab's CMP API
// (@iabtcf/cmpapi) answers __tcfapi, TC strings are encoded with @iabtcf/core against the CMP's own copy of
// the vendor list (assets/vendor-list.json), and the banner is vanilla-cookieconsent v3 (all three served
// from their npm packages under /vendor/).
//
// Misconfigured the way deal sites often are: before the visitor answers, the CMP already reports a loaded
// TC string (`tcloaded`, never `cmpuishown`) with consent for purposes 1, 2, 3, 4 and 7 and the first eight
// vendors. Reject withdraws the purposes' consent but keeps it for its two closest partners (the first two
// vendors), and claims legitimate interest for purposes 2, 3, 4 and 7 (3 and 4 may not rest on it under TCF
// policy version 4) and for the six vendors that declare it. Accept grants
// everything: purposes 1-11, every vendor, both special features.
import { CmpApi } from "@iabtcf/cmpapi";
import { GVL, TCModel, TCString } from "@iabtcf/core";
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

const CMP_ID = 300;
const CMP_VERSION = 1;
const ALL_PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

const cmpApi = new CmpApi(CMP_ID, CMP_VERSION, true);
const gvl = new GVL(await (await fetch("/assets/vendor-list.json")).json());
const vendors = Object.values(gvl.vendors);
const vendorIds = vendors.map((vendor) => vendor.id).sort((a, b) => a - b);

/** A TC string of this CMP with the given signals; policy version and vendor list version come from the GVL. */
const encode = (signals) => {
  const model = new TCModel(gvl);
  model.cmpId = CMP_ID;
  model.cmpVersion = CMP_VERSION;
  model.isServiceSpecific = true;
  model.publisherCountryCode = "IE";
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
const ASSUMED = { ...NOTHING, purposeConsents: [1, 2, 3, 4, 7], vendorConsents: vendorIds.slice(0, 8) };
const LEGITIMATE_INTEREST = {
  ...NOTHING,
  purposeLegitimateInterests: [2, 3, 4, 7],
  vendorLegitimateInterests: vendors.filter((vendor) => vendor.legIntPurposes.length > 0).map((vendor) => vendor.id),
};
/** What reject leaves: no purpose by consent, yet two vendors still consented, and the interests above. */
const REJECTED = { ...LEGITIMATE_INTEREST, vendorConsents: vendorIds.slice(0, 2) };
const EVERYTHING = {
  ...LEGITIMATE_INTEREST,
  purposeConsents: ALL_PURPOSES,
  specialFeatureOptins: [1, 2],
  vendorConsents: vendorIds,
};

// Consent claimed before any choice, and the UI never reported as shown.
cmpApi.update(encode(ASSUMED), false);

const answer = () => cmpApi.update(encode(CookieConsent.acceptedCategory("partners") ? EVERYTHING : REJECTED), false);

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "bar", position: "bottom", equalWeightButtons: false },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    partners: {},
  },
  onConsent: answer,
  onChange: answer,
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "Cookies help us find you deals",
          description:
            "We and our 16 partners use cookies and your data to show you personalised deals and ads, measure them and improve our service.",
          acceptAllBtn: "Accept and continue",
          acceptNecessaryBtn: "Reject",
          showPreferencesBtn: "More options",
          footer: '<a href="/privacy-policy">Privacy policy</a>',
        },
        preferencesModal: {
          title: "Cookie settings",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject",
          savePreferencesBtn: "Save settings",
          closeIconLabel: "Close",
          sections: [
            { title: "Strictly necessary", description: "Remember your cookie settings.", linkedCategory: "necessary" },
            { title: "Our partners", description: "16 advertising and measurement partners.", linkedCategory: "partners" },
          ],
        },
      },
    },
  },
});
