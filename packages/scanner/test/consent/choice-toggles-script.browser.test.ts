import puppeteer, { type Browser, type BrowserContext, type Page } from "puppeteer-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { readChoiceTogglesScript, type RawChoiceToggle } from "../../src/consent/choice-toggles-script.js";
import { clickLogScript } from "../../src/consent/click-log-script.js";
import { toChoiceToggles } from "../../src/consent/to-choice-toggles.js";

/**
 * A preferences dialog the way CMPs draw it: a hidden input under a styled switch, a `role=switch` button,
 * a locked necessary category, a checkbox in the page's own content (a newsletter box, no consent choice)
 * and a dialog kept in the page but hidden until opened.
 */
const PAGE = `<!doctype html><html lang="en"><body>
<form><label><input type="checkbox" name="newsletter" checked> Send me the newsletter</label></form>
<div id="prefs" role="dialog" style="position: fixed; inset: 10%; background: #fff; display: none">
  <h2>Cookie preferences</h2>
  <div><label class="switch"><input type="checkbox" value="necessary" checked disabled style="display: none"><span>Strictly necessary</span></label></div>
  <div><label class="switch"><input type="checkbox" value="analytics" checked style="opacity: 0; width: 1px"><span>Statistics</span></label></div>
  <div><span id="ads-title">Werbung und Marketing</span><button type="button" role="switch" aria-checked="true" aria-labelledby="ads-title"></button></div>
  <div><label><input type="checkbox" id="prefs-functional"> Functional</label></div>
  <button type="button" id="save">Save choices</button>
</div>
<div id="banner" style="position: fixed; bottom: 0; left: 0; right: 0; background: #eee">
  We use cookies. <button type="button" id="accept">Accept all</button>
  <button type="button" id="settings" onclick="document.getElementById('prefs').style.display = 'block'">Settings</button>
</div>
</body></html>`;

describe("the choice toggles script", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
    context = await browser.createBrowserContext();
  });
  // A page of its own per case: the click log's listener belongs to the window it was started in.
  beforeEach(async () => {
    await page?.close();
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    // The browser is shared by the whole run: disconnect, never close it.
    await browser?.disconnect();
  });

  const read = async () => (await page.evaluate(readChoiceTogglesScript())) as RawChoiceToggle[];

  it("reads only the toggles of a shown consent dialog, with their states and purposes", async () => {
    await page.setContent(PAGE, { waitUntil: "load" });
    // The dialog is still hidden, and the newsletter box is in the page's content: no consent choice shown.
    expect(await read()).toEqual([]);
    await page.click("#settings");
    const toggles = await read();
    expect(toggles.map(({ checked, disabled }) => ({ checked, disabled }))).toEqual([
      { checked: true, disabled: true },
      { checked: true, disabled: false },
      { checked: true, disabled: false },
      { checked: false, disabled: false },
    ]);
    expect(toChoiceToggles({ seenWhile: "opening_settings", toggles })).toEqual({
      seenWhile: "opening_settings",
      shown: 4,
      necessaryOn: 1,
      preTicked: 2,
      preTickedPurposes: ["marketing", "analytics"],
    });
  });

  it("logs the toggles as they were before the click that first saw them, even a click on a toggle itself", async () => {
    await page.setContent(PAGE, { waitUntil: "load" });
    await page.evaluate(clickLogScript({ name: "__log", action: "start" }));
    await page.click("#settings");
    // A rule that unticks the analytics box by clicking it: the browser flips the box before the click event.
    await page.evaluate(() => (document.querySelector("input[value=analytics]") as HTMLInputElement).click());
    await page.click("#save");
    const log = (await page.evaluate(clickLogScript({ name: "__log", action: "read" }))) as {
      clicks: string[];
      toggles: RawChoiceToggle[] | null;
    };
    expect(log.clicks).toEqual(["Settings", "analytics", "Save choices"]);
    expect(log.toggles?.map((toggle) => toggle.checked)).toEqual([true, true, true, false]);
    expect(await page.evaluate(() => (document.querySelector("input[value=analytics]") as HTMLInputElement).checked)).toBe(false);
  });

  it("reads a dialog still fading in when a rule clicks its button before it shows", async () => {
    await page.setContent(PAGE, { waitUntil: "load" });
    await page.evaluate(() => {
      const prefs = document.getElementById("prefs")!;
      // Laid out but not yet visible, as a CMP's modal is until its fade-in class lands.
      Object.assign(prefs.style, { display: "block", visibility: "hidden" });
    });
    expect(await read()).toEqual([]);
    await page.evaluate(clickLogScript({ name: "__log", action: "start" }));
    await page.evaluate(() => document.getElementById("save")!.click());
    const log = (await page.evaluate(clickLogScript({ name: "__log", action: "read" }))) as { toggles: RawChoiceToggle[] | null };
    expect(log.toggles?.map((toggle) => toggle.checked)).toEqual([true, true, true, false]);
    // A click outside any overlay (the page's own form) reads nothing hidden.
    await page.evaluate(clickLogScript({ name: "__log", action: "start" }));
    await page.evaluate(() => (document.querySelector("input[name=newsletter]") as HTMLInputElement).click());
    const page2 = (await page.evaluate(clickLogScript({ name: "__log", action: "read" }))) as { toggles: RawChoiceToggle[] | null };
    expect(page2.toggles).toBeNull();
  });
});
