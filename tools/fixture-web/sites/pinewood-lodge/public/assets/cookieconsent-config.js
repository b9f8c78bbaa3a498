// vanilla-cookieconsent v3 (served from the npm package under /vendor/), set up the way many sites do:
// the first layer offers "Accept all" and "Manage preferences" only; refusing is possible only in the
// preferences modal, whose analytics and marketing switches are already on (`enabled: true`). In the
// default opt-in mode nothing runs before a choice: `enabled` only pre-ticks the switches.
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "box", position: "bottom right", equalWeightButtons: false },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: { enabled: true },
    marketing: { enabled: true },
  },
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "We use cookies",
          description: "Pinewood Lodge uses cookies to see which cabins guests look at and to show our offers on other sites.",
          acceptAllBtn: "Accept all",
          showPreferencesBtn: "Manage preferences",
        },
        preferencesModal: {
          title: "Cookie preferences",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          savePreferencesBtn: "Save preferences",
          closeIconLabel: "Close",
          sections: [
            { title: "Your choices", description: "Choose which cookies Pinewood Lodge may use. You can change your mind at any time." },
            { title: "Strictly necessary", description: "Remember your cookie choice.", linkedCategory: "necessary" },
            { title: "Analytics", description: "Count visits and see which cabins are viewed most.", linkedCategory: "analytics" },
            { title: "Marketing", description: "Show our offers to you on other websites.", linkedCategory: "marketing" },
          ],
        },
      },
    },
  },
});
