/* global window */
// klaro! configuration of the Green Grocer shop. Consent is stored in klaro's own first-party cookie,
// and only once the visitor saves a choice: before that, klaro writes nothing.
window.klaroConfig = {
  version: 1,
  elementID: "klaro",
  styling: { theme: ["light", "bottom", "wide"] },
  noAutoLoad: false,
  htmlTexts: true,
  embedded: false,
  groupByPurpose: true,
  storageMethod: "cookie",
  cookieName: "klaro",
  cookieExpiresAfterDays: 365,
  default: false,
  mustConsent: false,
  acceptAll: true,
  hideDeclineAll: false,
  hideLearnMore: false,
  noticeAsModal: false,
  lang: "en",
  translations: {
    zz: { privacyPolicyUrl: "/privacy-policy" },
    en: {
      privacyPolicyUrl: "/privacy-policy",
      consentNotice: {
        description: "We would like to use Google Analytics to see which products you look at, so we can stock what you like. Is that OK?",
      },
      consentModal: {
        title: "Services we would like to use",
        description: "Here you can see and choose which services we may use on this site.",
      },
      "google-analytics": {
        description: "Counts visits and which products are viewed (Google Ireland Ltd).",
      },
      purposes: { analytics: "Analytics" },
    },
  },
  services: [
    {
      name: "google-analytics",
      title: "Google Analytics",
      purposes: ["analytics"],
      cookies: [/^_ga(_.*)?$/],
      required: false,
      optOut: false,
      onlyOnce: true,
    },
  ],
};
