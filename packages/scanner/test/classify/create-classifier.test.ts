import { beforeAll, describe, expect, it } from "vitest";
import { ClassificationSchema, UNCLASSIFIED } from "@public-scan/core";
import type { Classifier } from "../../src/classify/classifier.js";
import { createClassifier } from "../../src/classify/create-classifier.js";

const PAGE = "https://www.example.com/checkout?order=4711";

describe("createClassifier", () => {
  let classifier: Classifier;
  beforeAll(async () => {
    classifier = await createClassifier();
  });

  it("reports the versions of its data", () => {
    expect(classifier.dataVersions).toEqual({
      easyprivacy: "202502102233",
      openCookieDatabase: "0ee5a17",
      trackerCatalogue: expect.stringMatching(/^\d{4}\./),
    });
  });

  describe("classifyRequest", () => {
    it("attributes a catalogued, listed tracker and names both sources", () => {
      const result = classifier.classifyRequest({
        url: "https://region1.google-analytics.com/g/collect?v=2&cid=123",
        resourceType: "ping",
        documentUrl: PAGE,
      });
      expect(result).toEqual({
        trackerListed: true,
        classification: { vendor: "Google", category: "analytics", purpose: "analytics", sources: ["tracker_catalogue", "easyprivacy"] },
      });
    });

    it("derives the purpose from the category", () => {
      const pixel = classifier.classifyRequest({
        url: "https://connect.facebook.net/en_US/fbevents.js",
        resourceType: "script",
        documentUrl: PAGE,
      });
      expect(pixel.classification).toMatchObject({ vendor: "Meta", category: "advertising", purpose: "marketing" });
      const gtm = classifier.classifyRequest({
        url: "https://www.googletagmanager.com/gtm.js?id=GTM-X",
        resourceType: "script",
        documentUrl: PAGE,
      });
      expect(gtm.classification).toMatchObject({ vendor: "Google", category: "tag_manager", purpose: "unknown" });
      const cmp = classifier.classifyRequest({ url: "https://consent.cookiebot.com/uc.js", resourceType: "script", documentUrl: PAGE });
      expect(cmp.classification).toMatchObject({ vendor: "Cookiebot", category: "consent_management", purpose: "functional" });
    });

    it("gives a vendor's hosts that the catalogue leaves without a purpose the purpose of the vendor's cookies", () => {
      // Intercom: category `other` in the catalogue, its cookies Analytics in the Open Cookie Database.
      for (const url of [
        "https://widget.intercom.io/widget/abc",
        "https://js.intercomcdn.com/frame.js",
        "https://api-iam.intercom.io/messenger/web/ping",
      ]) {
        const { classification } = classifier.classifyRequest({ url, resourceType: "script", documentUrl: PAGE });
        expect(classification, url).toMatchObject({ vendor: "Intercom", category: "other", purpose: "analytics" });
        expect(classification.sources, url).toEqual(expect.arrayContaining(["tracker_catalogue", "open_cookie_database"]));
        // The same purpose as the vendor's cookie.
        expect(classifier.classifyCookie({ name: "intercom-id-abc", domain: "shop.example" }).purpose).toBe(classification.purpose);
      }
      // A vendor with no cookie rows keeps the catalogue's unknown; a tag manager stays unknown whoever makes it.
      expect(
        classifier.classifyRequest({ url: "https://browser.sentry-cdn.com/7/bundle.min.js", resourceType: "script", documentUrl: PAGE })
          .classification.purpose,
      ).toBe("unknown");
      expect(
        classifier.classifyRequest({ url: "https://www.googletagmanager.com/gtm.js?id=GTM-X", resourceType: "script", documentUrl: PAGE })
          .classification.purpose,
      ).toBe("unknown");
    });

    it("keeps the catalogue's attribution when EasyPrivacy does not list the request", () => {
      const video = classifier.classifyRequest({
        url: "https://www.youtube-nocookie.com/embed/abc",
        resourceType: "subdocument",
        documentUrl: PAGE,
      });
      expect(video).toEqual({
        trackerListed: false,
        classification: { vendor: "Google", category: "embedded_content", purpose: "unknown", sources: ["tracker_catalogue"] },
      });
    });

    it("falls back to the Open Cookie Database's domains for the vendor", () => {
      const result = classifier.classifyRequest({
        url: "https://cdn.shopify.com/s/files/theme.js",
        resourceType: "script",
        documentUrl: PAGE,
      });
      // No catalogue category: the purpose is the one most of Shopify's cookie rows have.
      expect(result.classification).toMatchObject({ vendor: "Shopify", category: null, purpose: "functional" });
      expect(result.classification.sources[0]).toBe("open_cookie_database");
    });

    it("flags a listed request that no catalogue attributes, without inventing a vendor", () => {
      const result = classifier.classifyRequest({
        url: "https://www.example.com/js/google_tracker.js",
        resourceType: "script",
        documentUrl: PAGE,
      });
      expect(result).toEqual({ trackerListed: true, classification: { ...UNCLASSIFIED, sources: ["easyprivacy"] } });
    });

    it("leaves an ordinary first-party request unclassified", () => {
      const result = classifier.classifyRequest({ url: "https://www.example.com/logo.png", resourceType: "image", documentUrl: PAGE });
      expect(result).toEqual({ trackerListed: false, classification: UNCLASSIFIED });
      expect(classifier.classifyRequest({ url: "not a url", resourceType: "other", documentUrl: PAGE }).classification).toEqual(
        UNCLASSIFIED,
      );
    });

    // Issue 13: fonts, library CDNs and thumbnail CDNs were `embedded_content` or unknown, so core counted
    // them as trackers. Each is a service category now, which core keeps out of tracker rows and the score.
    it.each(
      (
        [
          ["https://fonts.googleapis.com/css2?family=Lora&display=swap", "stylesheet", "Google", "fonts", "functional"],
          ["https://fonts.gstatic.com/s/lora/v32/0QI6MX1D_JOuGQbT0gvTJPa787weuxJBkq0.woff2", "font", "Google", "fonts", "functional"],
          ["https://use.typekit.net/abc1def.css", "stylesheet", "Adobe", "fonts", "functional"],
          ["https://fonts.bunny.net/css?family=inter:400", "stylesheet", "Bunny.net", "fonts", "functional"],
          ["https://cdn.jsdelivr.net/npm/lazysizes@5.3.2/lazysizes.min.js", "script", "jsDelivr", "static_cdn", "functional"],
          ["https://cdnjs.cloudflare.com/ajax/libs/jquery/3.7.1/jquery.min.js", "script", "Cloudflare", "static_cdn", "functional"],
          ["https://unpkg.com/htmx.org@1.9.12", "script", "unpkg", "static_cdn", "functional"],
          ["https://ajax.googleapis.com/ajax/libs/jquery/3.7.1/jquery.min.js", "script", "Google", "static_cdn", "functional"],
          ["https://code.jquery.com/jquery-3.7.1.min.js", "script", "jQuery", "static_cdn", "functional"],
          [
            "https://stackpath.bootstrapcdn.com/bootstrap/4.5.2/css/bootstrap.min.css",
            "stylesheet",
            "BootstrapCDN",
            "static_cdn",
            "functional",
          ],
          ["https://i.ytimg.com/vi/M7lc1UVf-VE/hqdefault.jpg", "image", "Google", "media_cdn", "functional"],
          ["https://i.vimeocdn.com/video/452001751-640.jpg", "image", "Vimeo", "media_cdn", "functional"],
          ["https://maps.googleapis.com/maps/api/js?key=x", "script", "Google", "maps", "functional"],
          ["https://maps.gstatic.com/mapfiles/api-3/images/spotlight-poi3.png", "image", "Google", "maps", "functional"],
          ["https://www.recaptcha.net/recaptcha/api.js", "script", "Google", "captcha", "security"],
          ["https://js.hcaptcha.com/1/api.js", "script", "hCaptcha", "captcha", "security"],
          ["https://js.stripe.com/v3/", "script", "Stripe", "payment", "functional"],
        ] as const
      ).map(([url, resourceType, vendor, category, purpose]) => ({ url, resourceType, vendor, category, purpose })),
    )("classifies $url as a $category service of $vendor, not listed", ({ url, resourceType, vendor, category, purpose }) => {
      const result = classifier.classifyRequest({ url, resourceType, documentUrl: PAGE });
      expect(result).toEqual({ trackerListed: false, classification: { vendor, category, purpose, sources: ["tracker_catalogue"] } });
    });

    it("keeps the tracking requests EasyPrivacy lists on service hosts listed, so core keeps them trackers", () => {
      for (const [url, resourceType] of [
        ["https://p.typekit.net/p.gif?s=1", "image"],
        ["https://datum.jsdelivr.com/v1/stats", "xhr"],
        ["https://m.stripe.com/6", "xhr"],
      ] as const) {
        expect(classifier.classifyRequest({ url, resourceType, documentUrl: PAGE }).trackerListed, url).toBe(true);
      }
      // The YouTube player stays a tracker by category; only its thumbnails are a service.
      expect(
        classifier.classifyRequest({ url: "https://www.youtube.com/embed/M7lc1UVf-VE", resourceType: "subdocument", documentUrl: PAGE })
          .classification.category,
      ).toBe("embedded_content");
    });

    it("never returns anything from the URL's path, query or fragment", () => {
      const url = "https://www.google-analytics.com/g/collect-canary-path?cid=canary-query-4711&uid=alice%40example.com#canary-fragment";
      const documentUrl = "https://www.example.com/canary-page?session=canary-session";
      for (const resourceType of ["ping", "script", "image", "document"] as const) {
        const serialized = JSON.stringify(classifier.classifyRequest({ url, resourceType, documentUrl }));
        expect(serialized).not.toMatch(/canary|alice|collect|session|https?:|\/\//);
      }
    });
  });

  describe("classifyCookie", () => {
    it("names the vendor of a first-party analytics cookie through the catalogue's platform mapping", () => {
      expect(classifier.classifyCookie({ name: "_ga", domain: ".example.com" })).toEqual({
        vendor: "Google",
        category: "analytics",
        purpose: "analytics",
        sources: ["open_cookie_database", "tracker_catalogue"],
      });
      expect(classifier.classifyCookie({ name: "_ga_ABC123", domain: "example.com" })).toMatchObject({
        vendor: "Google",
        purpose: "analytics",
      });
      expect(classifier.classifyCookie({ name: "_fbp", domain: ".example.com" })).toMatchObject({ vendor: "Meta", purpose: "marketing" });
    });

    it("takes the purpose from the cookie's own row, not from the vendor's category", () => {
      // Hotjar is a session-replay vendor, but the database calls this cookie functional.
      expect(classifier.classifyCookie({ name: "_hjSessionUser_123", domain: "example.com" })).toMatchObject({
        vendor: "Hotjar",
        category: "session_replay",
        purpose: "functional",
      });
      expect(classifier.classifyCookie({ name: "IDE", domain: ".doubleclick.net" })).toMatchObject({
        vendor: "Google",
        purpose: "marketing",
      });
    });

    it("keeps the database's platform name when the catalogue has no mapping", () => {
      expect(classifier.classifyCookie({ name: "__cf_bm", domain: ".example.com" })).toMatchObject({
        vendor: "Cloudflare",
        purpose: "functional",
      });
      expect(classifier.classifyCookie({ name: "XSRF-TOKEN", domain: "www.example.com" })).toEqual({
        vendor: null,
        category: null,
        purpose: "security",
        sources: ["open_cookie_database"],
      });
    });

    it("falls back to the catalogue by cookie domain for names the database does not know", () => {
      expect(classifier.classifyCookie({ name: "canary-unknown-name", domain: ".doubleclick.net" })).toEqual({
        vendor: "Google",
        category: "advertising",
        purpose: "marketing",
        sources: ["tracker_catalogue"],
      });
    });

    it("does not let an ambiguous name from another site override the catalogue's vendor for this host", () => {
      // `token` is an Adform and a Xandr cookie per the database; set by HubSpot's domain it is HubSpot's.
      expect(classifier.classifyCookie({ name: "token", domain: ".hubspot.com" })).toMatchObject({
        vendor: "HubSpot",
        sources: ["tracker_catalogue"],
      });
      expect(classifier.classifyCookie({ name: "token", domain: ".adnxs.com" })).toMatchObject({ vendor: "Xandr (Microsoft)" });
    });

    it("leaves unknown first-party cookies unclassified", () => {
      expect(classifier.classifyCookie({ name: "cart_id", domain: "shop.example.com" })).toEqual(UNCLASSIFIED);
    });

    it("classifies the consent records of the IAB strings and of consent platforms as functional consent management, before any other source", () => {
      const consent = (vendor: string | null) => ({
        vendor,
        category: "consent_management",
        purpose: "functional",
        sources: ["tracker_catalogue"],
      });
      // The standards' strings name no vendor: any platform writes them (the database called `euconsent` marketing and gave `euconsent-v2` to one CMP).
      for (const name of ["euconsent-v2", "euconsent", "addtl_consent", "__gpp", "__gpp_sid", "usprivacy"]) {
        expect(classifier.classifyCookie({ name, domain: ".shop.example.com" }), name).toEqual(consent(null));
      }
      expect(classifier.classifyCookie({ name: "notice_gdpr_prefs", domain: ".retailer.example" })).toEqual(consent("TrustArc"));
      expect(classifier.classifyCookie({ name: "_iub_cs-48213577", domain: "www.example.it" })).toEqual(consent("iubenda"));
      expect(classifier.classifyCookie({ name: "__cmpconsentx12345", domain: ".example.de" })).toEqual(consent("consentmanager"));
      // Case and prefixes are exact: Snowplow's `_sp_id.…` is not Sourcepoint's `_sp_v1_…`.
      expect(classifier.classifyCookie({ name: "_sp_v1_consent", domain: ".news.example" })).toEqual(consent("Sourcepoint"));
      expect(classifier.classifyCookie({ name: "_sp_id.1fff", domain: ".news.example" })).not.toMatchObject({
        category: "consent_management",
      });
      expect(classifier.classifyCookie({ name: "EUCONSENT-V2", domain: ".news.example" })).not.toMatchObject({
        sources: ["tracker_catalogue"],
      });
    });

    it("reads a name no source knows that says it holds a consent choice as one, and nothing else", () => {
      for (const name of ["cookie_consent_level", "gdpr_choice", "ccpa-optout", "cookie-notice-dismissed", "CookiePolicyAccepted"]) {
        expect(classifier.classifyCookie({ name, domain: "www.shop.example" }), name).toEqual({
          vendor: null,
          category: "consent_management",
          purpose: "functional",
          sources: ["first_party_heuristic"],
        });
      }
      // A host the catalogue attributes keeps its attribution, whatever the name.
      expect(classifier.classifyCookie({ name: "consent_id", domain: ".doubleclick.net" })).toMatchObject({
        vendor: "Google",
        category: "advertising",
      });
      expect(classifier.classifyCookie({ name: "session_pref", domain: "www.shop.example" })).toEqual(UNCLASSIFIED);
    });
  });

  describe("classifyStorageKey", () => {
    it("classifies storage keys by the same database, then by origin host", () => {
      expect(classifier.classifyStorageKey({ name: "_hjSessionStorageTest", originHost: "www.example.com" })).toMatchObject({
        vendor: "Hotjar",
      });
      expect(classifier.classifyStorageKey({ name: "canary-key", originHost: "www.youtube.com" })).toMatchObject({
        vendor: "Google",
        category: "embedded_content",
        sources: ["tracker_catalogue"],
      });
      expect(classifier.classifyStorageKey({ name: "theme", originHost: "www.example.com" })).toEqual(UNCLASSIFIED);
      // Consent records kept in storage are read the same way as cookies.
      expect(classifier.classifyStorageKey({ name: "uc_settings", originHost: "www.example.com" })).toMatchObject({
        vendor: "Usercentrics",
        purpose: "functional",
        category: "consent_management",
      });
    });
  });

  it("returns classifications that fit the observation schema", () => {
    const samples = [
      classifier.classifyRequest({ url: "https://bat.bing.com/action/0?ti=1", resourceType: "image", documentUrl: PAGE }).classification,
      classifier.classifyCookie({ name: "_ga", domain: "example.com" }),
      classifier.classifyCookie({ name: "XSRF-TOKEN", domain: "example.com" }),
      classifier.classifyStorageKey({ name: "ajs_anonymous_id", originHost: "www.example.com" }),
    ];
    for (const sample of samples) expect(ClassificationSchema.safeParse(sample).success).toBe(true);
  });

  it("exposes party and registrable domain", () => {
    expect(classifier.partyOf({ host: "www.google-analytics.com", siteHost: "www.example.com" })).toBe("third_party");
    expect(classifier.registrableDomainOf("www.shop.test")).toBe("shop.test");
  });
});

describe("Open Cookie Database rows that describe another site's own cookie", () => {
  it("give the purpose but not the vendor, while vendor rows marked (3rd party) keep their vendor", async () => {
    const classifier = await createClassifier();
    expect(classifier.classifyStorageKey({ name: "ajs_anonymous_id", originHost: "www.metrics-hub.test" })).toEqual({
      vendor: null,
      category: null,
      purpose: "analytics",
      sources: ["open_cookie_database"],
    });
    expect(classifier.classifyCookie({ name: "_fbp", domain: "daily-courier.test" })).toMatchObject({
      vendor: "Meta",
      purpose: "marketing",
    });
  });
});
