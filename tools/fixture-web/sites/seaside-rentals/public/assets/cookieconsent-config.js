/* global window */
// Cookie banner configuration (vanilla-cookieconsent v3, served from the npm package under /vendor/).
// The answer goes to Google as a Consent Mode update (onConsent: the first answer and every later page
// load; onChange: a changed answer). But the page's default already grants ad and analytics storage
// (index.html), so Google Analytics and Floodlight set their cookies before anyone answers; reject denies
// every signal from then on and clears the first-party `_ga` cookies, not DoubleClick's third-party IDE.
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

const updateGoogleConsent = () => {
  const analytics = CookieConsent.acceptedCategory("analytics") ? "granted" : "denied";
  const marketing = CookieConsent.acceptedCategory("marketing") ? "granted" : "denied";
  window.gtag("consent", "update", {
    ad_storage: marketing,
    analytics_storage: analytics,
    ad_user_data: marketing,
    ad_personalization: marketing,
  });
};

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "bar", position: "bottom", equalWeightButtons: true },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: { autoClear: { cookies: [{ name: /^_ga/ }] } },
    marketing: {},
  },
  onConsent: updateGoogleConsent,
  onChange: updateGoogleConsent,
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "We use cookies",
          description:
            "Google Analytics helps us see which cottages you look at, and Google's advertising cookies measure our ads. Accept them, reject them or choose.",
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
            { title: "Marketing", description: "Google measures our ads.", linkedCategory: "marketing" },
          ],
        },
      },
    },
  },
});
