/** Where a link sits in the page. */
export type LinkRegion = "footer" | "banner" | "body";

/**
 * A link or button of the page as the page script reports it. Read transiently to recognise the policy
 * and opt-out links; never reported (the observations keep booleans, a region and a host).
 */
export interface PageLink {
  /** Visible text, whitespace collapsed, cut at 200 characters. */
  text: string;
  /** aria-label and title, cut at 200 characters. */
  label: string;
  /** The resolved `href` of a link; null for a button. */
  href: string | null;
  region: LinkRegion;
  visible: boolean;
  /** Alt text, aria-label, title and `<title>` of the images and SVGs inside it. */
  iconLabel: string;
  /** File names (last path segment, no query) of the images inside it. */
  iconFile: string;
  /** An inline SVG inside it has the CPRA opt-out icon's proportions and blue. */
  iconShape: boolean;
}

export interface PageLinks {
  links: PageLink[];
  /** The page's text contains one of the given phrases (a notice at collection outside any link). */
  phraseInText: boolean;
  /** `<html lang>`, primary subtag, lower case; null when absent. */
  lang: string | null;
}

/**
 * Page script for an isolated world of the main frame: every link and button of the document and of its
 * open shadow roots, with its region (a consent banner: a dialog, a fixed/sticky box that speaks of cookies
 * or consent, or a box named like a cookie notice; the footer: `<footer>`, `role=contentinfo`, or a box named footer) and the icons
 * inside it. It never clicks, scrolls or types; it only reads.
 */
export function pageLinksScript(options: { textPhrases: readonly string[]; consentText: RegExp }): string {
  return `(() => {
  const phrases = ${JSON.stringify(options.textPhrases)}.map((source) => new RegExp(source, "u"));
  const consentText = new RegExp(${JSON.stringify(options.consentText.source)}, ${JSON.stringify(options.consentText.flags.replace("g", ""))});
  const MAX_ELEMENTS = 40000;
  const MAX_LINKS = 800;
  const SELECTOR = "a[href], area[href], button, [role=link], [role=button]";
  const BANNER_NAME = /cookie|consent|gdpr|cmp|onetrust|didomi|usercentrics|cookiebot|klaro|tarteaucitron|iubenda|privacy-banner|notice-banner/i;
  const FOOTER_NAME = /(^|[^a-z])footer/i;
  const BLUE = /#0066ff|#06f\\b|rgb\\(\\s*0\\s*,\\s*102\\s*,\\s*255\\s*\\)/i;
  const clip = (value) => (value || "").replace(/\\s+/g, " ").trim().slice(0, 200);
  const parentOf = (node) => node.parentElement || (node.getRootNode() instanceof ShadowRoot ? node.getRootNode().host : null);
  const nameOf = (element) => (typeof element.className === "string" ? element.className : "") + " " + (element.id || "");
  const regionOf = (element) => {
    let footer = false;
    for (let node = element, depth = 0; node && depth < 60; node = parentOf(node), depth++) {
      const role = node.getAttribute("role");
      if (role === "dialog" || role === "alertdialog" || node.getAttribute("aria-modal") === "true" || node.tagName === "DIALOG") return "banner";
      // A CMP marks <html> or <body> while its banner shows (vanilla-cookieconsent's "show--consent"):
      // that names the page, not a banner, or every footer link would read as the banner's.
      if (node !== document.body && node !== document.documentElement && BANNER_NAME.test(nameOf(node))) return "banner";
      const position = getComputedStyle(node).position;
      // A fixed or sticky box is a banner only when it speaks of cookies or consent (not a sticky header).
      if ((position === "fixed" || position === "sticky") && node !== document.body && consentText.test(node.innerText || node.textContent || "")) return "banner";
      if (node.tagName === "FOOTER" || role === "contentinfo" || FOOTER_NAME.test(nameOf(node))) footer = true;
    }
    return footer ? "footer" : "body";
  };
  const visible = (element) => {
    if (typeof element.checkVisibility === "function" && !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const rect = element.getBoundingClientRect();
    return rect.width >= 1 && rect.height >= 1;
  };
  const svgShape = (svg) => {
    const box = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0 ? svg.viewBox.baseVal : svg.getBoundingClientRect();
    const ratio = box.height > 0 ? box.width / box.height : 0;
    if (ratio < 1.6 || ratio > 2.8) return false;
    return Array.from(svg.querySelectorAll("*")).concat([svg]).some((part) => BLUE.test((part.getAttribute("fill") || "") + " " + (part.getAttribute("style") || "")));
  };
  const roots = [document];
  let seen = 0;
  for (let index = 0; index < roots.length && seen < MAX_ELEMENTS; index++) {
    for (const element of roots[index].querySelectorAll("*")) {
      if (++seen > MAX_ELEMENTS) break;
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
  }
  const links = [];
  for (const root of roots) {
    for (const element of root.querySelectorAll(SELECTOR)) {
      if (links.length >= MAX_LINKS) break;
      const icons = Array.from(element.querySelectorAll("img, svg, [role=img]")).slice(0, 4);
      const iconLabel = icons.map((icon) => [icon.getAttribute("alt"), icon.getAttribute("aria-label"), icon.getAttribute("title"), icon.tagName.toLowerCase() === "svg" ? (icon.querySelector("title") || {}).textContent : ""].filter(Boolean).join(" ")).join(" ");
      const iconFile = icons.filter((icon) => icon.tagName === "IMG").map((icon) => { try { return new URL(icon.currentSrc || icon.src, location.href).pathname.split("/").pop() || ""; } catch { return ""; } }).join(" ");
      links.push({
        text: clip(element.innerText || element.textContent),
        label: clip([element.getAttribute("aria-label"), element.getAttribute("title")].filter(Boolean).join(" ")),
        href: typeof element.href === "string" && element.href !== "" ? element.href : null,
        region: regionOf(element),
        visible: visible(element),
        iconLabel: clip(iconLabel),
        iconFile: clip(iconFile.toLowerCase()),
        iconShape: icons.some((icon) => icon.tagName.toLowerCase() === "svg" && svgShape(icon)),
      });
    }
  }
  const text = (document.body ? document.body.innerText || "" : "").slice(0, 500000).toLowerCase().replace(/\\s+/g, " ");
  const lang = (document.documentElement.getAttribute("lang") || "").trim().toLowerCase().split(/[-_]/)[0] || null;
  return { links, phraseInText: phrases.some((phrase) => phrase.test(text)), lang: lang && /^[a-z]{2,3}$/.test(lang) ? lang : null };
})()`;
}
