/* global window */
// Cookie banner configuration (vanilla-cookieconsent v3, served from the npm package under /vendor/).
// The answer goes to Google as a Consent Mode update (onConsent: the first answer and every later page
// load; onChange: a changed answer), through a table of which category grants which signal. The table has
// a bug: analytics_storage follows the "necessary" category, which is always accepted, so "Reject all"
// grants it (and gtag then writes its `_ga` cookies) while denying the three others.
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

const SIGNAL_CATEGORIES = {
  ad_storage: "marketing",
  analytics_storage: "necessary", // was "analytics" (WEB-311: "cookieless analytics are necessary")
  ad_user_data: "marketing",
  ad_personalization: "marketing",
};

const updateGoogleConsent = () => {
  const update = {};
  for (const [signal, category] of Object.entries(SIGNAL_CATEGORIES))
    update[signal] = CookieConsent.acceptedCategory(category) ? "granted" : "denied";
  window.gtag("consent", "update", update);
};

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "box wide", position: "bottom center", equalWeightButtons: true },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: {},
    marketing: {},
  },
  onConsent: updateGoogleConsent,
  onChange: updateGoogleConsent,
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "Cookies on Orchard Market",
          description:
            "We would like to use Google Analytics to understand how the shop is used, and Google Ads cookies to measure our adverts. Accept or reject them, or choose.",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          showPreferencesBtn: "Manage preferences",
          footer: '<a href="/privacy-policy">Privacy policy</a>',
        },
        preferencesModal: {
          title: "Cookie preferences",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          savePreferencesBtn: "Save preferences",
          closeIconLabel: "Close",
          sections: [
            { title: "Strictly necessary", description: "Remember these choices.", linkedCategory: "necessary" },
            { title: "Analytics", description: "Google Analytics counts visits.", linkedCategory: "analytics" },
            { title: "Marketing", description: "Google Ads measures our adverts.", linkedCategory: "marketing" },
          ],
        },
      },
    },
  },
});
