// Cookie banner configuration (vanilla-cookieconsent v3, served from the npm package under /vendor/).
// The banner is set up properly; the tags in <head> were simply never moved behind it (they are plain
// <script> elements, not type="text/plain" data-category="…"), so they run before any answer.
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "box wide", position: "bottom left", equalWeightButtons: false },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: { autoClear: { cookies: [{ name: /^_ga/ }, { name: /^_hj/ }] } },
    marketing: { autoClear: { cookies: [{ name: "_fbp" }] } },
  },
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "We value your privacy",
          description:
            "We and our partners use cookies to measure our audience, personalise ads and improve the site. You can accept all, reject non-essential cookies or choose.",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          showPreferencesBtn: "Manage preferences",
          footer: '<a href="/privacy-policy">Privacy policy</a> <a href="/cookie-policy">Cookie policy</a>',
        },
        preferencesModal: {
          title: "Cookie preferences",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          savePreferencesBtn: "Save preferences",
          closeIconLabel: "Close",
          sections: [
            {
              title: "Strictly necessary",
              description: "Needed for the site to work, such as remembering these choices.",
              linkedCategory: "necessary",
            },
            {
              title: "Analytics",
              description: "Google Analytics and Hotjar help us understand which articles you read.",
              linkedCategory: "analytics",
            },
            { title: "Advertising", description: "Google and Meta show you relevant ads and measure them.", linkedCategory: "marketing" },
            { title: "More information", description: 'See our <a href="/cookie-policy">cookie policy</a>.' },
          ],
        },
      },
    },
  },
});
