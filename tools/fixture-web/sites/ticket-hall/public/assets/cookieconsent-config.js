/* global window, document */
// Cookie banner configuration (vanilla-cookieconsent v3, served from the npm package under /vendor/).
// The banner works: "Reject all" closes it and stores the refusal (cc_cookie). But the tags are loaded in
// `onConsent`, which the library calls after *any* answer, and nobody checks which categories were
// accepted: Google Analytics and the Meta pixel start the moment the visitor rejects them.
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

// The Meta pixel's base code (Meta's snippet, written out): a `fbq` stub that queues calls until
// fbevents.js takes over, and the library loaded asynchronously.
const loadMetaPixel = (pixelId) => {
  if (!window.fbq) {
    const fbq = function (...args) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    };
    window.fbq = fbq;
    window._fbq = window._fbq || fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.queue = [];
    const script = document.createElement("script");
    script.async = true;
    script.src = "https://connect.facebook.net/en_US/fbevents.js";
    document.head.appendChild(script);
  }
  window.fbq("init", pixelId);
  window.fbq("track", "PageView");
};

const loadTags = () => {
  window.dataLayer = window.dataLayer || [];
  window.gtag = function gtag() {
    window.dataLayer.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", "G-TH4LL8K2Q1");
  const gtagScript = document.createElement("script");
  gtagScript.async = true;
  gtagScript.src = "https://www.googletagmanager.com/gtag/js?id=G-TH4LL8K2Q1&cb=__CANARY__";
  document.head.appendChild(gtagScript);

  loadMetaPixel("552019384756120");
};

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "box", position: "bottom right", equalWeightButtons: true },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: {},
    marketing: {},
  },
  // The bug: the answer is not looked at (CookieConsent.acceptedCategory("analytics") never asked).
  onConsent: loadTags,
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "Cookies at Ticket Hall",
          description: "We use cookies to measure our audience and to show you relevant ads. You can accept all cookies or reject them.",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          showPreferencesBtn: "Manage preferences",
        },
        preferencesModal: {
          title: "Cookie preferences",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Reject all",
          savePreferencesBtn: "Save preferences",
          closeIconLabel: "Close",
          sections: [
            { title: "Strictly necessary", description: "Remember this choice.", linkedCategory: "necessary" },
            { title: "Analytics", description: "Google Analytics counts visits.", linkedCategory: "analytics" },
            { title: "Advertising", description: "The Meta pixel measures our ads.", linkedCategory: "marketing" },
          ],
        },
      },
    },
  },
});
