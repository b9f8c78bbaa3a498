import { CMP_MARKUP } from "./cmp-markup.js";

/**
 * Words that make an overlay a consent notice rather than a sticky header or a chat widget: cookies and
 * consent, and the personal-data wording of notices that never say "cookie" (Orejime's "We collect and
 * process your personal information for the following purposes").
 */
export const CONSENT_TEXT_PATTERN =
  /cookie|kakor|ciasteczk|galleta|eväste|consent|einwillig|zustimmung|toestemming|consentement|consentimiento|consenso|consentimento|zgod[ayęe]|samtyck|samtykke|suostumu|gdpr|rgpd|dsgvo|datenschutz|personal (data|information)|personenbezogen|persönlichen daten|données personnelles|informations personnelles|datos personales|información personal|dati personali|informazioni personali|persoonsgegevens|persoonlijke gegevens|dados pessoais|informações pessoais|dane osobowe|danych osobowych|personuppgifter|personlig(e)? (data|oplysninger|opplysninger)|henkilötie|tracking|traceurs/i;

/** An RGBA colour as the page computes it: 0-255 channels and 0-1 alpha. */
export type Rgba = [number, number, number, number];

/** How one button looks, as the browser computed it (with `measure`). */
export interface ButtonLook {
  width: number;
  height: number;
  fontPx: number;
  fontWeight: number;
  /** Its text colour, and the first opaque background behind its text (white when none). */
  color: Rgba | null;
  background: Rgba;
  /** Its own background colour when it has one (alpha over 0.5), else null. */
  ownBackground: Rgba | null;
  bordered: boolean;
  underlined: boolean;
  /** An `<a>` or `role=link`. */
  link: boolean;
}

/** Where a banner is and how it sits on the page (with `measure`). */
export interface BannerLayout {
  box: { top: number; left: number; width: number; height: number };
  /** The banner's own background (the first opaque one from it outwards; white when none). */
  background: Rgba;
  /** Each button's look, in the order of `labels`. */
  looks: ButtonLook[];
}

/** A banner candidate as the scan reports it: where it is and the labels of its visible buttons. */
export interface ScannedBanner {
  inShadowDom: boolean;
  /** Its text (outside links and buttons) speaks of cookies or consent. */
  consentText: boolean;
  /** Visible button labels, cut short; read transiently to classify them, never reported. */
  labels: string[];
  /** With `measure`: the banner's box and its buttons' looks. */
  layout?: BannerLayout;
}

export interface BannerScanResult {
  top: boolean;
  banners: ScannedBanner[];
  /** The CMP library whose markup the frame carries (`CMP_MARKUP`), null for none. */
  library: string | null;
  /** With `measure`: the viewport, and whether the page can be scrolled (`overflow: hidden` on html or body locks it). */
  page?: { width: number; height: number; scrollLocked: boolean };
}

/**
 * Page script (run in the scanner's isolated world of one frame, so page scripts can neither see nor
 * fake it) that finds visible consent notices without touching them: fixed or sticky overlays and dialogs
 * whose text speaks of cookies or consent, open shadow roots included. In a child frame, a visible document
 * that speaks of consent is itself the candidate (CMPs in iframes render the whole frame as the banner).
 * Returns labels of visible buttons only; the caller classifies and drops them.
 */
export function bannerScanScript(options: { keepButtonsAs?: string; measure?: boolean } = {}): string {
  return `(() => {
  const keepAs = ${JSON.stringify(options.keepButtonsAs ?? null)};
  const measure = ${JSON.stringify(options.measure === true)};
  const pattern = new RegExp(${JSON.stringify(CONSENT_TEXT_PATTERN.source)}, ${JSON.stringify(CONSENT_TEXT_PATTERN.flags)});
  let top = false;
  try { top = window.top === window; } catch { top = false; }
  const MAX_ELEMENTS = 30000;
  const BUTTONS = "button, input[type=button], input[type=submit], a[href], [role=button], [role=link]";
  const viewportVisible = window.innerWidth > 0 && window.innerHeight > 0;
  const visible = (element) => {
    if (!element.isConnected) return false;
    if (typeof element.checkVisibility === "function" && !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const rect = element.getBoundingClientRect();
    return rect.width >= 2 && rect.height >= 2 && rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
  };
  const overlayLike = (element) => {
    if (element.tagName === "DIALOG" && element.hasAttribute("open")) return true;
    const role = element.getAttribute("role");
    if (role === "dialog" || role === "alertdialog" || element.getAttribute("aria-modal") === "true") return true;
    const position = getComputedStyle(element).position;
    return position === "fixed" || position === "sticky";
  };
  // The notice's own visible text, open shadow roots included, without link and button labels: a sticky
  // header with a "Cookie policy" link is not a consent notice.
  const noticeText = (root, budget) => {
    // An overlay that is itself a shadow host (a web-component banner) keeps its text in its own root.
    let text = root.shadowRoot ? noticeText(root.shadowRoot, budget) : "";
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && text.length < budget; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement;
        if (!parent || parent.closest("a, button, [role=button], script, style, noscript")) continue;
        if (typeof parent.checkVisibility === "function" && !parent.checkVisibility({ visibilityProperty: true })) continue;
        text += " " + node.nodeValue;
      } else if (node.shadowRoot) {
        text += " " + noticeText(node.shadowRoot, budget - text.length);
      }
    }
    return text.slice(0, budget);
  };
  // Hand-made banners often make a div or span the button, with a click listener and a pointer cursor but
  // no button role: an element that sets the pointer itself (its parent does not), holds no real button and
  // only a short label counts too. Inline handlers and keyboard focus say the same.
  const CLICKABLE = "[onclick], [tabindex]:not([tabindex='-1']), a:not([href]), div, span, li, label";
  // Cheapest tests first: most divs and spans of a large fixed wrapper fail on their cursor, before their
  // subtree is searched or its text laid out.
  const clickableLike = (element) => {
    if (element.matches(BUTTONS)) return false;
    if (element.hasAttribute("onclick") || (element.hasAttribute("tabindex") && element.getAttribute("tabindex") !== "-1")) {
      // The innermost one: a focusable dialog around its focusable choices is not itself a choice.
      if (element.querySelector("[onclick], [tabindex]:not([tabindex='-1'])") !== null) return false;
    } else if (getComputedStyle(element).cursor !== "pointer") {
      return false;
    } else if (element.parentElement && getComputedStyle(element.parentElement).cursor === "pointer") {
      return false;
    }
    if (element.querySelector(BUTTONS) !== null) return false;
    const label = (element.innerText || "").trim();
    return label !== "" && label.length <= 80;
  };
  const deepButtons = (root, found) => {
    if (root.shadowRoot) deepButtons(root.shadowRoot, found);
    for (const element of root.querySelectorAll(BUTTONS)) if (found.length < 40) found.push(element);
    for (const element of root.querySelectorAll(CLICKABLE)) if (found.length < 40 && clickableLike(element)) found.push(element);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.shadowRoot) deepButtons(node.shadowRoot, found);
    return found;
  };
  const labelOf = (element) => {
    const text = (element.innerText || element.value || "").replace(/\\s+/g, " ").trim();
    const named = (element.getAttribute("aria-label") || element.getAttribute("title") || "").replace(/\\s+/g, " ").trim();
    // A bare symbol ("×") says less than its accessible name ("Close").
    const label = text.length > 1 || named === "" ? text : named;
    return label.slice(0, 80);
  };
  const buttonsOf = (root) =>
    deepButtons(root, []).filter(visible).map((element) => ({ element, label: labelOf(element) })).filter(({ label }) => label !== "").slice(0, 25);
  // With measure: what a visitor sees of the banner and its buttons, as the browser computed it.
  const rgba = (value) => {
    const match = /^rgba?\\(([^)]*)\\)$/.exec(value || "");
    if (!match) return null;
    const parts = match[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    if (parts.length < 3 || parts.some((part) => !Number.isFinite(part))) return null;
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const parentOf = (node) => node.parentElement || (node.getRootNode() instanceof ShadowRoot ? node.getRootNode().host : null);
  const backgroundBehind = (element) => {
    for (let node = element, depth = 0; node && depth < 40; node = parentOf(node), depth++) {
      const background = rgba(getComputedStyle(node).backgroundColor);
      if (background && background[3] > 0.5) return background;
    }
    return [255, 255, 255, 1];
  };
  const lookOf = (element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const own = rgba(style.backgroundColor);
    const side = (name) => parseFloat(style["border" + name + "Width"]) > 0 && style["border" + name + "Style"] !== "none" && (rgba(style["border" + name + "Color"]) || [0, 0, 0, 0])[3] > 0.3;
    return {
      width: Math.round(rect.width),
      height: Math.round(rect.height),
      fontPx: parseFloat(style.fontSize) || 0,
      fontWeight: parseInt(style.fontWeight, 10) || 400,
      color: rgba(style.color),
      background: backgroundBehind(element),
      ownBackground: own && own[3] > 0.5 ? own : null,
      bordered: side("Top") && side("Bottom"),
      underlined: (style.textDecorationLine || "").includes("underline"),
      link: element.tagName === "A" || element.getAttribute("role") === "link",
    };
  };
  const layoutOf = (element, buttons) => {
    const rect = element.getBoundingClientRect();
    return {
      box: { top: Math.round(rect.top), left: Math.round(rect.left), width: Math.round(rect.width), height: Math.round(rect.height) },
      background: backgroundBehind(element),
      looks: buttons.map((button) => lookOf(button.element)),
    };
  };
  const bannerOf = (element, inShadowDom, consentText) => {
    const buttons = buttonsOf(element);
    return {
      inShadowDom: inShadowDom || element.shadowRoot !== null,
      consentText,
      labels: buttons.map(({ label }) => label),
      elements: buttons.map((button) => button.element),
      ...(measure ? { layout: layoutOf(element, buttons) } : {}),
    };
  };

  const candidates = [];
  let seen = 0;
  const walk = (root, inShadowDom) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node && seen < MAX_ELEMENTS; node = walker.nextNode()) {
      seen += 1;
      if (node.shadowRoot) walk(node.shadowRoot, true);
      if (node === document.body || node === document.documentElement) continue;
      if (overlayLike(node) && visible(node)) candidates.push({ element: node, inShadowDom });
    }
  };
  if (document.documentElement) walk(document.documentElement, false);

  // The outermost overlay only: a fixed wrapper and its fixed box are one banner.
  const outermost = candidates.filter(({ element }) => !candidates.some((other) => other.element !== element && other.element.contains(element)));
  const banners = outermost
    .map(({ element, inShadowDom }) => bannerOf(element, inShadowDom, pattern.test(noticeText(element, 5000))))
    // Overlays that do not speak of consent matter only when a CMP rule vouches for them, and only with buttons.
    .filter((banner) => banner.consentText || banner.labels.length > 0)
    .sort((a, b) => Number(b.consentText) - Number(a.consentText))
    .slice(0, 8);
  if (!top && !banners.some((banner) => banner.consentText) && viewportVisible && document.body && pattern.test(noticeText(document.body, 5000))) {
    banners.unshift(bannerOf(document.body, false, true));
  }
  // After the snapshot the scanner may click one of these buttons: they stay in this isolated world only.
  if (keepAs !== null) globalThis[keepAs] = banners.map((banner) => banner.elements);
  const library = ${JSON.stringify(CMP_MARKUP)}.find(({ selector }) => document.querySelector(selector) !== null)?.name ?? null;
  const locked = (element) => element !== null && ["hidden", "clip"].includes(getComputedStyle(element).overflowY);
  const page = measure
    ? { width: window.innerWidth, height: window.innerHeight, scrollLocked: locked(document.documentElement) || locked(document.body) }
    : undefined;
  return { top, banners: banners.map(({ elements, ...banner }) => banner), library, ...(page ? { page } : {}) };
})()`;
}
