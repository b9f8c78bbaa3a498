import { beforeAll, describe, expect, it } from "vitest";
import { commonPolicyPaths, findPolicyLink } from "../../src/policy/find-policy-link.js";
import type { PageLink } from "../../src/policy/page-links-script.js";
import { loadPolicyVocabulary, type PolicyVocabulary } from "../../src/policy/policy-vocabulary.js";

let vocabulary: PolicyVocabulary;
beforeAll(async () => {
  vocabulary = await loadPolicyVocabulary();
});

const PAGE = "https://www.example.test/shop/";
const link = (text: string, href: string | null, extra: Partial<PageLink> = {}): PageLink => ({
  text,
  label: "",
  href: href === null ? null : new URL(href, PAGE).href,
  region: "footer",
  visible: true,
  iconLabel: "",
  iconFile: "",
  iconShape: false,
  ...extra,
});
const find = (links: PageLink[]) =>
  findPolicyLink({ links, pageUrl: PAGE, vocabulary, isSameSite: (host) => host.endsWith("example.test") });

describe("findPolicyLink", () => {
  it.each([
    ["en", "Privacy Policy", "/privacy-policy"],
    ["de", "Datenschutzerklärung", "/datenschutz"],
    ["de (weak)", "Datenschutz", "/datenschutz"],
    ["fr", "Politique de confidentialité", "/confidentialite"],
    ["es", "Política de privacidad", "/politica-de-privacidad"],
    ["it", "Informativa sulla privacy", "/informativa-privacy"],
    ["nl", "Privacyverklaring", "/privacyverklaring"],
    ["pt", "Política de Privacidade", "/politica-de-privacidade"],
    ["pl", "Polityka prywatności", "/polityka-prywatnosci"],
    ["sv", "Integritetspolicy", "/integritetspolicy"],
  ])("finds the %s policy link by its text", (_language, text, path) => {
    expect(find([link("Home", "/"), link("Contact", "/contact"), link(text, path)])).toEqual({
      url: new URL(path, PAGE).href,
      region: "footer",
    });
  });

  it("finds a link by its path alone, and by its aria-label", () => {
    expect(find([link("Legal", "/legal/privacy")])?.url).toBe("https://www.example.test/legal/privacy");
    expect(find([link("", "/legal/notice", { label: "Privacy notice" })])?.url).toBe("https://www.example.test/legal/notice");
    expect(find([link("Mentions", "/legal/donn%C3%A9es-personnelles")])?.url).toBe(
      "https://www.example.test/legal/donn%C3%A9es-personnelles",
    );
  });

  it("prefers the footer over the banner over the body, and a strong name over a weak one", () => {
    const body = link("Privacy policy", "/body-policy", { region: "body" });
    const banner = link("Privacy policy", "/banner-policy", { region: "banner" });
    const footer = link("Privacy policy", "/footer-policy");
    expect(find([body, banner, footer])?.url).toBe("https://www.example.test/footer-policy");
    expect(find([body, banner])).toEqual({ url: "https://www.example.test/banner-policy", region: "banner" });
    expect(find([link("Privacy", "/a"), link("Privacy notice", "/b")])?.url).toBe("https://www.example.test/b");
  });

  it("ignores settings and opt-out links, cookie policies, anchors in the page, buttons and other schemes", () => {
    expect(
      find([
        link("Privacy settings", "/settings"),
        link("Do Not Sell or Share My Personal Information", "/privacy#do-not-sell"),
        link("Your Privacy Choices", "/choices"),
        link("Datenschutzeinstellungen", "/einstellungen"),
        link("Cookie policy", "/cookie-policy"),
        link("Privacy policy", "#privacy"),
        link("Privacy policy", null),
        link("Privacy policy", "mailto:privacy@example.test"),
        link("Privacy policy", "javascript:void(0)"),
      ]),
    ).toBeNull();
  });

  it("drops the fragment of the chosen link", () => {
    expect(find([link("Privacy policy", "/legal#privacy")])?.url).toBe("https://www.example.test/legal");
  });
});

describe("commonPolicyPaths", () => {
  it("tries the page language's paths first, then English, at most four", () => {
    expect(commonPolicyPaths({ lang: "sv", vocabulary })).toEqual([
      "/integritetspolicy",
      "/personuppgiftspolicy",
      "/privacy-policy",
      "/privacy",
    ]);
    expect(commonPolicyPaths({ lang: null, vocabulary })).toEqual(["/privacy-policy", "/privacy", "/privacy-notice", "/datenschutz"]);
    expect(commonPolicyPaths({ lang: "xx", vocabulary })).toHaveLength(4);
  });
});
