/* global window */
// Cookie banner configuration (vanilla-cookieconsent v3, served from the npm package under /vendor/).
// Google Consent Mode v2 done right: the page's default denies every signal (index.html), and the banner's
// answer is sent to Google as an update, on the first answer, on every later page load (onConsent) and
// when the visitor changes it (onChange). Reject sends every signal denied, accept every one granted.
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

const updateGoogleConsent = () => {
  const analytics = CookieConsent.acceptedCategory("analytics") ? "granted" : "denied";
  const advertising = CookieConsent.acceptedCategory("advertising") ? "granted" : "denied";
  window.gtag("consent", "update", {
    ad_storage: advertising,
    analytics_storage: analytics,
    ad_user_data: advertising,
    ad_personalization: advertising,
  });
};

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "box", position: "bottom left", equalWeightButtons: true },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: { autoClear: { cookies: [{ name: /^_ga/ }] } },
    advertising: {},
  },
  onConsent: updateGoogleConsent,
  onChange: updateGoogleConsent,
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "Cookies at Alpine Optics",
          description:
            "With your consent we use Google Analytics to measure visits and Google advertising cookies to measure our ads. You can accept or reject them, or choose.",
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
            { title: "Analytics", description: "Google Analytics counts visits and pages read.", linkedCategory: "analytics" },
            { title: "Advertising", description: "Google measures how our ads perform.", linkedCategory: "advertising" },
          ],
        },
      },
    },
  },
});
