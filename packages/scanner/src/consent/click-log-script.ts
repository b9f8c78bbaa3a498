import { READ_CHOICE_TOGGLES } from "./choice-toggles-script.js";

/**
 * Page script for the scanner's isolated world of one frame: `start` (re)starts a log of the clicks in the
 * frame, `read` returns it. Each entry is the label of the button or link that was clicked (its text, or its
 * accessible name when the text is a bare symbol), cut short and never reported: the consent phases classify
 * them to learn what autoconsent's rule really did (one reject click on the first layer, a settings click,
 * or only "Got it"). At most 10 entries; a capturing listener sees clicks of every world, the page's
 * `click()` and autoconsent's alike, and page scripts cannot see or change this log. The first click made
 * while the frame shows choice toggles also records them as they were before it (`READ_CHOICE_TOGGLES`):
 * the purposes a rejecting visitor finds switched on, on whichever layer the reject passes through.
 */
export function clickLogScript(options: { name: string; action: "start" | "read" }): string {
  const name = JSON.stringify(options.name);
  const toggles = JSON.stringify(`${options.name}:toggles`);
  if (options.action === "read")
    return `(() => {
  const log = globalThis[${name}];
  if (!Array.isArray(log)) return null;
  return { clicks: log.slice(0, 10), toggles: Array.isArray(globalThis[${toggles}]) ? globalThis[${toggles}] : null };
})()`;
  return `(() => {
  if (!Array.isArray(globalThis[${name}])) {
    globalThis[${name}] = [];
    const CLICKABLE = "button, a[href], input[type=button], input[type=submit], [role=button], [role=link]";
    const readToggles = ${READ_CHOICE_TOGGLES};
    window.addEventListener("click", (event) => {
      const log = globalThis[${name}];
      if (!Array.isArray(log) || log.length >= 10) return;
      const origin = event.composedPath()[0];
      if (!(origin instanceof Element)) return;
      if (globalThis[${toggles}] === null) {
        // Before this click acts: the choices as the dialog showed them, the first time it shows any.
        try {
          const seen = readToggles(origin instanceof HTMLInputElement ? origin : null, origin);
          if (seen.length > 0) globalThis[${toggles}] = seen;
        } catch {}
      }
      const element = origin.closest(CLICKABLE) ?? origin;
      const text = (element.innerText || element.value || "").replace(/\\s+/g, " ").trim();
      const named = (element.getAttribute("aria-label") || element.getAttribute("title") || "").replace(/\\s+/g, " ").trim();
      log.push((text.length > 1 || named === "" ? text : named).slice(0, 80));
    }, true);
  }
  globalThis[${name}].length = 0;
  globalThis[${toggles}] = null;
  return true;
})()`;
}
