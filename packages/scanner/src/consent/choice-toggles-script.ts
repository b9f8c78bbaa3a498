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
 * Source of a page function `(flipped) => RawChoiceToggle[]` for the scanner's isolated world: the visible
 * on/off choices of the document, open shadow roots included (checkboxes, `role=switch`, `role=checkbox`).
 * A toggle counts when it, one of its labels or its parent is rendered (CMPs draw switches over an input
 * they hide) and it sits in an overlay or a dialog, as consent choices do (a form of the page's does not). `flipped` is an input whose state the browser has already inverted for the click
 * being dispatched (a checkbox flips before its click event), read back as it was. Bounded: it walks at
 * most 20,000 elements and returns at most `MAX_CHOICE_TOGGLES` toggles.
 */
export const READ_CHOICE_TOGGLES = `((flipped) => {
  const SELECTOR = "input[type=checkbox], [role=switch], [role=checkbox]";
  const clean = (text) => String(text || "").replace(/\\s+/g, " ").trim();
  const rendered = (element) => {
    if (!(element instanceof Element) || element.getClientRects().length === 0) return false;
    if (typeof element.checkVisibility === "function") return element.checkVisibility({ visibilityProperty: true });
    return getComputedStyle(element).visibility !== "hidden";
  };
  // Consent choices sit in an overlay or a dialog; a checkbox in the page's own content is not one.
  const inOverlay = (element) => {
    for (let node = element, depth = 0; node instanceof Element && depth < 40; depth++) {
      const role = node.getAttribute("role");
      if (node.tagName === "DIALOG" || role === "dialog" || role === "alertdialog" || node.getAttribute("aria-modal") === "true") return true;
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return true;
      node = node.parentElement ?? (node.getRootNode() instanceof ShadowRoot ? node.getRootNode().host : null);
    }
    return false;
  };
  const roots = [document];
  let walked = 0;
  const walker = document.createTreeWalker(document.documentElement ?? document, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.currentNode; node && walked < 20000; node = walker.nextNode(), walked++) {
    if (node.shadowRoot) roots.push(node.shadowRoot);
  }
  const toggles = [];
  for (const root of roots) {
    for (const element of root.querySelectorAll(SELECTOR)) {
      if (toggles.length >= ${MAX_CHOICE_TOGGLES}) return toggles;
      if (element instanceof HTMLInputElement && element.hasAttribute("role") && element.getAttribute("role") !== "switch" && element.getAttribute("role") !== "checkbox") continue;
      const labels = element instanceof HTMLInputElement && element.labels ? [...element.labels] : [];
      if (!rendered(element) && !labels.some(rendered) && !rendered(element.parentElement)) continue;
      if (!inOverlay(element)) continue;
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
})`;

/** A page expression that reads the frame's visible choice toggles now (`READ_CHOICE_TOGGLES`). */
export const readChoiceTogglesScript = (): string => `${READ_CHOICE_TOGGLES}(null)`;
