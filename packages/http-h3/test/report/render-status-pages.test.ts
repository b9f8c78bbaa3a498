import { DISCLAIMER } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { renderErrorPage, renderPendingPage } from "../../src/report/index.js";
import { attributeValues, countOf, decodeEntities, escaped, inlineContents, sha256Source } from "./support/page-parts.js";
import { scanJobWith } from "./support/report-views.js";

const refreshOf = (html: string) => [...html.matchAll(/<meta http-equiv="refresh" content="(\d+)">/g)].map((match) => Number(match[1]));

describe("renderPendingPage", () => {
  const job = scanJobWith();
  const page = renderPendingPage(job);

  it("shows status, phase and progress, and reloads after the job's retry delay", () => {
    expect(page.html).toContain(`<h1>Scan in progress: ${job.domain}</h1>`);
    expect(page.html).toContain('<dd id="job-status">Running</dd>');
    expect(page.html).toContain('<dd id="job-phase">Runtime observation (step 3 of 7)</dd>');
    expect(page.html).toContain(`<progress id="job-progress" max="100" value="${job.progressPercent}">`);
    expect(page.html).toContain(`${job.progressPercent}% (estimate)`);
    expect(refreshOf(page.html)).toEqual([job.retryAfterSeconds]);
    // Without scripts the meta refresh reloads; with them the pausable script does (same delay).
    expect(page.html).toMatch(/<noscript><meta http-equiv="refresh" content="\d+"><\/noscript>/);
    expect(attributeValues(page.html, "data-seconds")).toEqual([String(job.retryAfterSeconds)]);
    expect(countOf(page.html, escaped(DISCLAIMER))).toBe(1);
  });

  it("clamps the reload delay to 2..60 seconds", () => {
    const delays = [0, 1, 2, 7, 60, 61, 3600].map((retryAfterSeconds) =>
      refreshOf(renderPendingPage(scanJobWith({ retryAfterSeconds })).html),
    );
    expect(delays).toEqual([[2], [2], [2], [7], [60], [60], [60]]);
  });

  it("allows exactly its inline style and script by hash, with nothing loaded from anywhere", () => {
    const [style] = inlineContents(page.html, "style");
    const [script] = inlineContents(page.html, "script");
    expect(inlineContents(page.html, "script")).toHaveLength(1);
    expect(page.contentSecurityPolicy).toBe(
      `default-src 'none'; style-src ${sha256Source(style!)}; script-src ${sha256Source(script!)}; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(page.html).not.toMatch(/\ssrc=|\sstyle=|\son[a-z]+=|<link|<img/i);
    for (const href of attributeValues(page.html, "href")) expect([job.reportUrl, job.links.status]).toContain(href);
  });

  it("says when a job seems stalled", () => {
    expect(renderPendingPage(scanJobWith({ stalled: true })).html).toContain("it may have stalled");
  });

  it("shows a failed job's error and does not reload or run a script", () => {
    const failed = renderPendingPage(
      scanJobWith({
        status: "failed",
        error: {
          code: "internal_error",
          message: "The scan could not be <completed>.",
          retryable: true,
          retryAfterSeconds: 30,
          recommendedNextAction: "retry_after_delay",
        },
      }),
    );
    expect(failed.html).toContain("Scan failed:");
    expect(failed.html).toContain("The scan could not be &lt;completed&gt;.");
    expect(refreshOf(failed.html)).toEqual([]);
    expect(inlineContents(failed.html, "script")).toEqual([]);
    expect(failed.contentSecurityPolicy).toContain("script-src 'none'");
  });

  it("renders job strings inertly", () => {
    const hostile = renderPendingPage(scanJobWith({ url: `https://x.test/"><script>alert(1)</script>&`, disclaimer: "</style><b>" }));
    expect(countOf(hostile.html, "<script")).toBe(1);
    expect(countOf(hostile.html, "</style")).toBe(1);
    expect(hostile.html).toContain(escaped(`https://x.test/"><script>alert(1)</script>&`));
    expect(hostile.html).toContain("&lt;/style&gt;&lt;b&gt;");
  });
});

describe("renderErrorPage", () => {
  it("shows status, code, message, a hint and the disclaimer, with no script at all", () => {
    const page = renderErrorPage({ status: 404, code: "not_found", message: "No scan with this ID." });
    expect(page.html).toContain('<dd id="error-status">404</dd>');
    expect(page.html).toContain('<code id="error-code">not_found</code>');
    expect(page.html).toContain('<p id="error-message">No scan with this ID.</p>');
    expect(page.html).toContain('<p id="error-hint">');
    expect(page.html).toContain(escaped(DISCLAIMER));
    expect(inlineContents(page.html, "script")).toEqual([]);
    const [style] = inlineContents(page.html, "style");
    expect(page.contentSecurityPolicy).toBe(
      `default-src 'none'; style-src ${sha256Source(style!)}; script-src 'none'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    const [meta] = [...page.html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)].map((match) => match[1]!);
    expect(decodeEntities(meta!)).toBe(page.contentSecurityPolicy.replace("; frame-ancestors 'none'", ""));
    expect(attributeValues(page.html, "href")).toEqual([]);
  });

  it("renders its input inertly and gives no hint for unknown codes", () => {
    const page = renderErrorPage({ status: 429, code: `x"><script>`, message: `</style><script>alert("&")</script>` });
    expect(countOf(page.html, "<script")).toBe(0);
    expect(countOf(page.html, "</style")).toBe(1);
    expect(page.html).toContain(escaped(`</style><script>alert("&")</script>`));
    expect(page.html).not.toContain('id="error-hint"');
  });
});
