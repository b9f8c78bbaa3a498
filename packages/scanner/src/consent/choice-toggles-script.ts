/** One on/off choice a consent dialog shows, read in the page: its state and the words around it. */
export interface RawChoiceToggle {
  checked: boolean;
  /** It cannot be changed (`disabled`, `aria-disabled`): a category the dialog keeps on (strictly necessary). */
  disabled: boolean;
  /**
   * What names it, strongest first and joined by " | ": its `value`, `name` and `id`, its accessible name or
   * label, then the text of the nearest container that has some. Cut short, read transiently to classify its
   * purpose (`toChoiceToggles`), never reported.
   */
  words: string;
}

/** At most this many toggles are read: a preferences dialog lists a handful of purposes, never hundreds. */
export const MAX_CHOICE_TOGGLES = 60;

/**
 * Source of a page function `(flipped, clicked) => RawChoiceToggle[]` for the scanner's isolated world: the
 * visible on/off choices of the document, open shadow roots included (checkboxes, `role=switch`,
 * `role=checkbox`). A toggle counts when it, one of its labels or its parent is rendered (CMPs draw switches
 * over an input they hide) and it sits in an overlay or a dialog, as consent choices do (a form of the
 * page's does not). When none is visible and `clicked` (the element a click is being dispatched to) sits in
 * an overlay, the toggles of that overlay count while it is still fading in (laid out, `visibility: hidden`):
 * a rule clicks a dialog's button as soon as it exists, a visitor once it shows, and the choices are the
 * same. `flipped` is an input whose state the browser has already inverted for that click (a checkbox flips
 * before its click event), read back as it was. Bounded: it walks at most 20,000 elements and returns at
 * most `MAX_CHOICE_TOGGLES` toggles.
 */
export const READ_CHOICE_TOGGLES = `((flipped, clicked) => {
  const SELECTOR = "input[type=checkbox], [role=switch], [role=checkbox]";
  const clean = (text) => String(text || "").replace(/\\s+/g, " ").trim();
  const laidOut = (element) => element instanceof Element && element.getClientRects().length > 0;
  const shown = (element) => {
    if (!laidOut(element)) return false;
    if (typeof element.checkVisibility === "function") return element.checkVisibility({ visibilityProperty: true });
    return getComputedStyle(element).visibility !== "hidden";
  };
  const up = (node) => node.parentElement ?? (node.getRootNode() instanceof ShadowRoot ? node.getRootNode().host : null);
  // Consent choices sit in an overlay or a dialog; a checkbox in the page's own content is not one.
  const overlayOf = (element) => {
    for (let node = element, depth = 0; node instanceof Element && depth < 40; node = up(node), depth++) {
      const role = node.getAttribute("role");
      if (node.tagName === "DIALOG" || role === "dialog" || role === "alertdialog" || node.getAttribute("aria-modal") === "true") return node;
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return node;
    }
    return null;
  };
  const rootsOf = (top) => {
    const roots = [top];
    let walked = 0;
    const walker = document.createTreeWalker(top instanceof Document ? (top.documentElement ?? top) : top, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.currentNode; node && walked < 20000; node = walker.nextNode(), walked++) {
      if (node.shadowRoot) roots.push(node.shadowRoot);
    }
    return roots;
  };
  const read = (top, visible, inScope) => {
    const toggles = [];
    for (const root of rootsOf(top)) {
      for (const element of root.querySelectorAll(SELECTOR)) {
        if (toggles.length >= ${MAX_CHOICE_TOGGLES}) return toggles;
        if (element instanceof HTMLInputElement && element.hasAttribute("role") && element.getAttribute("role") !== "switch" && element.getAttribute("role") !== "checkbox") continue;
        const labels = element instanceof HTMLInputElement && element.labels ? [...element.labels] : [];
        if (!visible(element) && !labels.some(visible) && !visible(element.parentElement)) continue;
        if (!inScope(element)) continue;
        const isInput = element instanceof HTMLInputElement;
        const checked = isInput ? element.checked !== (element === flipped) : element.getAttribute("aria-checked") === "true";
        const disabled = (isInput && element.disabled) || element.getAttribute("aria-disabled") === "true";
        const labelledBy = (element.getAttribute("aria-labelledby") || "")
          .split(/\\s+/)
          .map((id) => (id === "" ? "" : clean(root.getElementById?.(id)?.textContent ?? document.getElementById(id)?.textContent)))
          .join(" ");
        let around = "";
        for (let parent = element.parentElement, depth = 0; parent && depth < 4 && around.length < 3; parent = parent.parentElement, depth++) {
          around = clean(parent.innerText || parent.textContent);
        }
        const words = [
          isInput ? element.value : "",
          element.getAttribute("name"),
          element.id,
          element.getAttribute("aria-label"),
          labelledBy,
          labels.map((label) => clean(label.innerText || label.textContent)).join(" "),
          around,
        ]
          .map((part) => clean(part).slice(0, 80))
          .filter((part) => part !== "" && part !== "on")
          .join(" | ")
          .slice(0, 240);
        toggles.push({ checked, disabled, words });
      }
    }
    return toggles;
  };
  const visibleToggles = read(document, shown, (element) => overlayOf(element) !== null);
  if (visibleToggles.length > 0 || !(clicked instanceof Element)) return visibleToggles;
  const overlay = overlayOf(clicked);
  return overlay === null ? [] : read(overlay, laidOut, () => true);
})`;

/** A page expression that reads the frame's visible choice toggles now (`READ_CHOICE_TOGGLES`). */
export const readChoiceTogglesScript = (): string => `${READ_CHOICE_TOGGLES}(null, null)`;
