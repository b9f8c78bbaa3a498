import { describe, expect, it } from "vitest";
import { escapeMarkdown, toMarkdownSummary } from "../../src/exports/index.js";
import { exportInputOf, withHostileRows } from "./support/export-input.js";

describe("the Markdown summary", () => {
  it("leads with the score, risk and coverage, lists the findings by criticality and links the report", () => {
    const input = exportInputOf("daily-courier");
    const text = toMarkdownSummary(input);
    const { scan, findings, links } = input.findings;
    expect(text).toContain(`Score **${scan.score}/100**`);
    expect(text).toContain(`[full report](${links.report})`);
    for (const finding of findings.slice(0, 25)) expect(text).toContain(`\`${finding.id}\``);
    const rows = text.split("\n").filter((line) => /^\| (high|medium|low|info) \|/.test(line));
    const order = rows.map((row) => ["high", "medium", "low", "info"].indexOf(row.split(" | ")[0]!.slice(2)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain(
      input.findings.disclaimer
        .slice(0, 20)
        .replace(/[!-/:-@[-`{-~]/g, "\\$&")
        .slice(0, 10),
    );
  });

  it("says a no-go was not assessed instead of showing a score", () => {
    const text = toMarkdownSummary(exportInputOf("bot-challenge"));
    expect(text).toContain("Score not assessed");
    expect(text).toContain("could not be assessed");
  });

  it("escapes what the page named, so no link, image, HTML or table cell can be made from it", () => {
    const hostile = withHostileRows(exportInputOf("quiet-bakery"));
    const vendorRows = hostile.table.rows.map((row) => ({ ...row, vendor: "![pixel](https://evil.example/p.png) <b>|x" }));
    const text = toMarkdownSummary({ ...hostile, table: { ...hostile.table, rows: vendorRows } });
    expect(text).not.toContain("![pixel](");
    expect(text).not.toContain("<b>");
    expect(text).toContain("\\!\\[pixel\\]\\(https\\:\\/\\/evil\\.example\\/p\\.png\\) \\<b\\>\\|x");
    expect(escapeMarkdown("a\nb")).toBe("a b");
  });
});
