import { describe, expect, it } from "vitest";
import { escapeHtml, markup, trustedHtml } from "../../src/report/markup.js";

describe("escapeHtml and the markup template", () => {
  it("escapes the five characters that matter in text and quoted attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;");
    expect(escapeHtml(42)).toBe("42");
  });

  it("escapes every interpolated string, joins lists, drops null, and inserts only SafeHtml as is", () => {
    const items = ["<b>", "&"];
    const out = markup`<p title="${`"quoted"`}">${items.map((item) => markup`<i>${item}</i>`)}${null}${undefined}${trustedHtml("<hr>")}</p>`;
    expect(out.value).toBe('<p title="&quot;quoted&quot;"><i>&lt;b&gt;</i><i>&amp;</i><hr></p>');
    expect(markup`${"</script>"}`.value).toBe("&lt;/script&gt;");
  });
});
