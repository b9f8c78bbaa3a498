// The page's CMP: vanilla-cookieconsent v3 from the npm package (under /vendor/), as a news site sets it up.
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

CookieConsent.run({
  categories: { necessary: { enabled: true, readOnly: true }, analytics: {}, marketing: {} },
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "We value your privacy",
          description: "We and our 14 partners use cookies to measure our audience and personalise ads.",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          showPreferencesBtn: "Manage preferences",
        },
        preferencesModal: {
          title: "Cookie preferences",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          savePreferencesBtn: "Save preferences",
          sections: [
            { title: "Necessary", linkedCategory: "necessary" },
            { title: "Analytics", linkedCategory: "analytics" },
            { title: "Marketing", linkedCategory: "marketing" },
          ],
        },
      },
    },
  },
});
