import { beforeAll, describe, expect, it } from "vitest";
import type { PageLink, PageLinks } from "../../src/policy/page-links-script.js";
import { findUsPrivacyLinks } from "../../src/us-privacy/find-us-privacy-links.js";
import { loadUsPrivacyVocabulary, type UsPrivacyVocabulary } from "../../src/us-privacy/us-privacy-vocabulary.js";

let vocabulary: UsPrivacyVocabulary;
beforeAll(async () => {
  vocabulary = await loadUsPrivacyVocabulary();
});

const link = (text: string, extra: Partial<PageLink> = {}): PageLink => ({
  text,
  label: "",
  href: "https://www.shop.test/legal",
  region: "footer",
  visible: true,
  iconLabel: "",
  iconFile: "",
  iconShape: false,
  ...extra,
});
const find = (links: PageLink[], phraseInText = false) =>
  findUsPrivacyLinks({ links: { links, phraseInText, lang: "en" } satisfies PageLinks, vocabulary });
const NONE = {
  doNotSellOrShareLink: false,
  limitSensitiveLink: false,
  yourPrivacyChoicesLink: false,
  privacyChoicesIcon: false,
  noticeAtCollection: false,
};

describe("findUsPrivacyLinks", () => {
  it("finds each CCPA/CPRA link by its statutory wording, in English and Spanish", () => {
    expect(find([link("Do Not Sell or Share My Personal Information")])).toEqual({ ...NONE, doNotSellOrShareLink: true });
    expect(find([link("Do Not Sell My Info")]).doNotSellOrShareLink).toBe(true);
    expect(find([link("No vender ni compartir mi información personal")]).doNotSellOrShareLink).toBe(true);
    expect(find([link("Limit the Use of My Sensitive Personal Information")])).toEqual({ ...NONE, limitSensitiveLink: true });
    expect(find([link("Your California Privacy Choices")])).toEqual({ ...NONE, yourPrivacyChoicesLink: true });
    expect(find([link("Tus opciones de privacidad")]).yourPrivacyChoicesLink).toBe(true);
    expect(find([link("Notice at Collection")])).toEqual({ ...NONE, noticeAtCollection: true });
  });

  it("finds links by their label or path, buttons included", () => {
    expect(find([link("", { label: "Do not sell my personal information", href: null })]).doNotSellOrShareLink).toBe(true);
    expect(find([link("Opt out", { href: "https://www.shop.test/ccpa/do-not-sell" })]).doNotSellOrShareLink).toBe(true);
    expect(find([link("Choices", { href: "https://www.shop.test/your-privacy-choices" })]).yourPrivacyChoicesLink).toBe(true);
  });

  it("finds the opt-out icon by its alt text, its file name or its shape", () => {
    expect(find([link("", { iconLabel: "California Consumer Privacy Act (CCPA) Opt-Out Icon" })]).privacyChoicesIcon).toBe(true);
    expect(find([link("Choices", { iconFile: "privacyoptions123x59.png" })]).privacyChoicesIcon).toBe(true);
    expect(find([link("Choices", { iconShape: true })]).privacyChoicesIcon).toBe(true);
    expect(find([link("Home", { iconLabel: "Shop logo", iconFile: "logo.svg" })]).privacyChoicesIcon).toBe(false);
  });

  it("finds a notice at collection in the page's text too", () => {
    expect(find([], true).noticeAtCollection).toBe(true);
  });

  it("observes nothing in ordinary links, a privacy policy or cookie settings", () => {
    expect(find([link("Privacy Policy"), link("Cookie settings"), link("Sell your car"), link("Share this page")])).toEqual(NONE);
  });
});
