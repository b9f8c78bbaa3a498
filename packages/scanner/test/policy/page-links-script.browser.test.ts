import { describe, expect, it } from "vitest";
import { CONSENT_TEXT_PATTERN } from "../../src/consent/banner-scan-script.js";
import { evaluateInIsolatedWorld } from "../../src/visit/evaluate-in-isolated-world.js";
import { pageLinksScript, type PageLinks } from "../../src/policy/page-links-script.js";
import { useFixtureGuardedContext } from "../support/use-fixture-guarded-context.js";

/** The page script in the shared Chromium, in a guarded context (images point at a fixture host). */
const guarded = useFixtureGuardedContext();

async function read(html: string): Promise<PageLinks> {
  const page = await guarded.current().context.newPage();
  try {
    await page.goto("https://www.blank-canvas.test/", { waitUntil: "domcontentloaded" });
    await page.setContent(html, { waitUntil: "domcontentloaded" });
    // A page script that breaks the DOM API in its own world cannot fool the isolated world.
    await page.evaluate("document.querySelectorAll = () => []");
    return await evaluateInIsolatedWorld<PageLinks>(page, {
      expression: pageLinksScript({
        textPhrases: ["(?<![\\p{L}\\p{N}])notice[\\s-]+at[\\s-]+collection(?![\\p{L}\\p{N}])"],
        consentText: CONSENT_TEXT_PATTERN,
      }),
      worldName: "test-links",
    });
  } finally {
    await page.close();
  }
}

const BLUE_PILL = '<svg viewBox="0 0 30 14" width="30" height="14"><path d="M15 0h8a7 7 0 0 1 0 14h-8z" fill="#0066FF"/></svg>';

describe("pageLinksScript", () => {
  it("reads links and buttons with their region: footer, consent banner, body; open shadow roots included", async () => {
    const result = await read(`<html lang="de-DE"><body>
      <main><p>Read our <a href="/privacy">privacy policy</a>.</p></main>
      <div style="position:fixed;bottom:0">Wir verwenden Cookies. <a href="/datenschutz">Datenschutz</a><button>Alle akzeptieren</button></div>
      <div style="position:sticky;top:0"><a href="/sale">Sale</a></div>
      <div class="site-footer"><a href="/impressum">Impressum</a></div>
      <footer><a href="/legal" aria-label="Legal notice" title="Legal">§</a><span id="host"></span></footer>
      <script>document.getElementById("host").attachShadow({ mode: "open" }).innerHTML = '<a href="/shadow">In the shadow</a>';</script>
    </body></html>`);
    const byText = new Map(result.links.map((link) => [link.text, link]));
    expect(byText.get("privacy policy")).toMatchObject({ region: "body", href: "https://www.blank-canvas.test/privacy", visible: true });
    expect(byText.get("Datenschutz")?.region).toBe("banner");
    expect(byText.get("Alle akzeptieren")).toMatchObject({ region: "banner", href: null });
    expect(byText.get("Sale")?.region).toBe("body");
    expect(byText.get("Impressum")?.region).toBe("footer");
    expect(byText.get("§")).toMatchObject({ region: "footer", label: "Legal notice Legal" });
    expect(byText.get("In the shadow")?.region).toBe("footer");
    expect(result.lang).toBe("de");
  });

  it("keeps footer links in the footer while a CMP names <html> and <body> after its banner", async () => {
    const result = await read(`<html class="cc--anim show--consent"><body class="tarteaucitron-modal-open">
      <footer><a href="/privacy-policy">Privacy policy</a></footer>
      <div id="cookie-notice"><a href="/privacy-policy">Privacy policy</a></div>
    </body></html>`);
    expect(result.links.map((link) => link.region)).toEqual(["footer", "banner"]);
  });

  it("reads the icons inside a link: alt text, SVG title, file name and the opt-out icon's shape", async () => {
    const result = await read(`<html><body><footer>
      <a href="/choices">${BLUE_PILL}Your Privacy Choices</a>
      <a href="/opt-out"><img src="https://www.blank-canvas.test/img/privacyoptions123x59.png?v=2" alt="CCPA Opt-Out Icon"></a>
      <a href="/x"><svg viewBox="0 0 24 24"><title>Close</title><path fill="#0066ff" d="M0 0h24v24z"/></svg></a>
      <a href="/hidden" style="display:none">Notice at Collection</a>
    </footer></body></html>`);
    const [choices, optOut, square, hidden] = result.links;
    expect(choices).toMatchObject({ text: "Your Privacy Choices", iconShape: true });
    expect(optOut).toMatchObject({ iconLabel: "CCPA Opt-Out Icon", iconFile: "privacyoptions123x59.png", iconShape: false });
    expect(square).toMatchObject({ iconLabel: "Close", iconShape: false });
    expect(hidden).toMatchObject({ visible: false, href: "https://www.blank-canvas.test/hidden" });
    expect(result.phraseInText).toBe(false);
  });

  it("finds a phrase in the page's visible text", async () => {
    expect((await read("<body><h2>Notice at Collection</h2><p>We collect identifiers.</p></body>")).phraseInText).toBe(true);
  });
});
