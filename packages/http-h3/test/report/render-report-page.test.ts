import type { ReportView } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { renderReportPage } from "../../src/report/index.js";
import { REPORT_SCRIPT } from "../../src/report/report-script.js";
import { REPORT_STYLES } from "../../src/report/report-styles.js";
import { attributeValues, countOf, decodeEntities, escaped, inlineContents, mapStrings, sha256Source } from "./support/page-parts.js";
import {
  reportViewOf,
  reportViewSince,
  withoutMetaPixel,
  withPhaseMatrix,
  withPhaseRows,
  withSiteChecks,
  withTimeline,
} from "./support/report-views.js";

/** Markup that would run, style or load something if any view string reached the page unescaped. */
const PAYLOAD = `</style></script><script>alert("x")</script><img src=x onerror='y()'> & <style>*{}</style>`;

describe("renderReportPage", () => {
  const courier = withSiteChecks(reportViewSince("daily-courier", withoutMetaPixel));
  const page = renderReportPage(courier);

  it("says what changed since the last scan: headlines, score, findings and each phase's rows that started", () => {
    const section = page.html.slice(
      page.html.indexOf('<section id="changes"'),
      page.html.indexOf("</section>", page.html.indexOf('<section id="changes"')),
    );
    expect(page.html).toContain('<li><a href="#changes">Since the last scan</a></li>');
    expect(section).toContain('<h2 id="changes-heading">Since the last scan</h2>');
    const changes = courier.changes!.changes;
    expect(changes.headlines.length).toBeGreaterThan(0);
    for (const headline of changes.headlines) expect(section).toContain(escaped(headline));
    const started = changes.phases.find((phase) => phase.phase === "pre_consent")!.started;
    expect(started.map((row) => row.vendor)).toContain("Meta");
    for (const row of started) expect(section).toContain(`<tr data-fingerprint="${row.fingerprint}"><td>Started</td>`);
    expect(section).toContain(`${courier.changes!.changes.score.before} → ${courier.scan.score}`);
    // The overview comes first, then the changes, then the rest of the report.
    expect(page.html.indexOf('id="overview"')).toBeLessThan(page.html.indexOf('id="changes"'));
    // A target's first scan has no such section, and no entry for it.
    const first = renderReportPage(reportViewOf("daily-courier")).html;
    expect(first).not.toContain('id="changes"');
    expect(first).not.toContain("Since the last scan");
  });

  it("names a phase one scan did not complete as not compared, never as rows that stopped", () => {
    const changes = courier.changes!.changes;
    const view: ReportView = {
      ...courier,
      changes: {
        ...courier.changes!,
        changes: {
          ...changes,
          phases: [
            ...changes.phases,
            {
              phase: "after_reject",
              comparable: false,
              reason: "not_completed_now",
              started: [],
              stopped: [],
              vendorsStarted: [],
              vendorsStopped: [],
              unchanged: 0,
            },
          ],
        },
      },
    };
    expect(renderReportPage(view).html).toContain(
      '<p class="phase-not-compared" data-phase="after_reject">After rejecting: not compared: this scan did not complete it.</p>',
    );
    // A phase neither scan ran is not part of either: the page does not list it.
    expect(courier.changes!.changes.phases.find((phase) => phase.phase === "gpc")).toMatchObject({ reason: "not_completed_in_either" });
    expect(page.html).not.toContain('data-phase="gpc">');
  });

  it("is one self-contained HTML5 document: one inline style, one inline script, nothing loaded from anywhere", () => {
    expect(page.html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page.html.trimEnd().endsWith("</html>")).toBe(true);
    expect(inlineContents(page.html, "style")).toHaveLength(1);
    expect(inlineContents(page.html, "script")).toHaveLength(1);
    expect(page.html).not.toMatch(/\ssrc=|\sstyle=|\son[a-z]+=|<link|<img|<iframe|<object|<embed|<form|@import|url\(/i);
  });

  it("returns a strict policy whose hashes are those of the exact inline style and script", () => {
    const [style] = inlineContents(page.html, "style");
    const [script] = inlineContents(page.html, "script");
    // Byte for byte the constants: nothing (a formatter, an interpolation) may touch what the hashes cover.
    expect(style).toBe(REPORT_STYLES);
    expect(script).toBe(REPORT_SCRIPT);
    expect(page.contentSecurityPolicy).toBe(
      `default-src 'none'; style-src ${sha256Source(style!)}; script-src ${sha256Source(script!)}; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(page.contentSecurityPolicy).not.toMatch(/unsafe-|https?:|\*/);
    // The <meta> copy is the same policy without frame-ancestors, which browsers ignore there.
    const [meta] = [...page.html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)].map((match) => match[1]!);
    expect(decodeEntities(meta!)).toBe(page.contentSecurityPolicy.replace("; frame-ancestors 'none'", ""));
    expect(page.html.indexOf("Content-Security-Policy")).toBeLessThan(page.html.indexOf("<style>"));
    expect(renderReportPage(courier, { metaCsp: false }).html).not.toContain("http-equiv");
  });

  it("shows the scan's facts: domain, URL, status, score, risk, coverage, region, timestamps, headline and disclaimer", () => {
    const { scan } = courier;
    expect(page.html).toContain(`<h1>Privacy scan report: ${scan.domain}</h1>`);
    expect(page.html).toContain(`<code id="scanned-url">${scan.url}</code>`);
    expect(page.html).toContain(`<span class="score-value">${scan.score}</span>`);
    expect(page.html).toContain("Priority review");
    expect(page.html).toContain(`<dd id="scan-status">Completed</dd>`);
    expect(page.html).toContain(escaped(scan.coverage.summary));
    expect(page.html).toContain(`<code>${scan.scanFrom}</code>`);
    // The reading the score follows, with each regime's score beside it (the scan's region names no law: every finding counts).
    expect(page.html).toContain(
      `<p id="score-reading">Every finding counts (no single legal reading); under the EU opt-in rule: ${scan.scoreReading.readings[0]!.score}/100`,
    );
    expect(page.html).toContain(`<time datetime="${scan.startedAt}">2026-11-23 10:14:31 UTC</time>`);
    expect(page.html).toContain(`<time datetime="${scan.completedAt}">2026-11-23 10:14:40 UTC</time>`);
    expect(page.html).toContain(`${scan.scanTimeSeconds} s`);
    expect(page.html).toContain(escaped(courier.headline));
    // First thing in <main>, and again in the footer.
    expect(countOf(page.html, escaped(courier.disclaimer))).toBe(2);
    expect(page.html.indexOf(escaped(courier.disclaimer))).toBeLessThan(page.html.indexOf('id="overview"'));
  });

  it("shows every finding with its metadata, description, how to fix it, its weight, examples and caveats", () => {
    expect(courier.findings.length).toBeGreaterThan(5);
    expect(countOf(page.html, '<article class="finding')).toBe(courier.findings.length);
    expect(attributeValues(page.html, "data-finding-id")).toEqual(courier.findings.map((finding) => finding.id));
    for (const finding of courier.findings) {
      const start = page.html.indexOf(`data-finding-id="${finding.id}"`);
      const article = page.html.slice(start, page.html.indexOf("</article>", start));
      expect(article).toContain(escaped(finding.label));
      expect(article).toContain(escaped(finding.description));
      expect(article).toContain(`Criticality: ${finding.criticality.replace(/^./, (char) => char.toUpperCase())}`);
      expect(article).toContain(`Priority ${finding.priority}`);
      expect(article).toContain(`Confidence: ${finding.confidence.replace(/^./, (char) => char.toUpperCase())}`);
      expect(article).toContain("Category: ");
      expect(countOf(article, "<tr data-example>")).toBe(finding.examples.length);
      for (const example of finding.examples) {
        if (example.name !== null) expect(article).toContain(`<td>${escaped(example.name)}</td>`);
        if (example.host !== null) expect(article).toContain(`<td>${escaped(example.host)}</td>`);
      }
      // How to fix is never folded: it comes before the finding's details.
      const fold = article.indexOf("<details");
      for (const text of finding.nextSteps) {
        expect(article).toContain(`<li>${escaped(text)}</li>`);
        expect(article.indexOf(`<li>${escaped(text)}</li>`)).toBeLessThan(fold);
      }
      expect(article.indexOf("<h4>How to fix</h4>")).toBeLessThan(fold);
      expect(article).toMatch(
        /<p class="muted score-impact">(Lowers the score by \d+ points?: \d+ for a (high|medium|low) finding|Does not lower the score)/,
      );
      // A caveat of this finding alone is under it; one that several findings share is under Caveats, once.
      for (const text of finding.caveats) {
        const others = courier.findings.filter((other) => other !== finding && other.caveats.includes(text)).length;
        expect(countOf(article, `<li>${escaped(text)}</li>`)).toBe(others === 0 ? 1 : 0);
        if (others > 0) expect(countOf(page.html, `<li>${escaped(text)}</li>`)).toBe(1);
      }
    }
    const caveatsSection = /<section id="caveats"[\s\S]*?<\/section>/.exec(page.html)?.[0] ?? "";
    expect(caveatsSection).toContain(escaped(courier.findings[0]!.caveats[0]!));
  });

  it("says how many examples a finding has when only some are shown", () => {
    const view = reportViewOf("daily-courier");
    const first = view.findings[0]!;
    first.evidence = { ...first.evidence, exampleCount: 34, examplesShown: first.examples.length };
    expect(renderReportPage(view).html).toContain(`Examples (${first.examples.length} of 34 shown)`);
  });

  it("renders the complete pre-consent table with its summary counts and a filter option for every value", () => {
    const { rows, summary } = courier.table;
    expect(rows.length).toBe(summary.rowCount);
    expect(countOf(page.html, "<tr data-row ")).toBe(rows.length);
    const counts = Object.fromEntries(
      [...page.html.matchAll(/<dd data-count="(\w+)">(\d+)<\/dd>/g)].map((match) => [match[1], Number(match[2])]),
    );
    expect(counts).toEqual({
      rows: summary.rowCount,
      trackers: summary.trackerCount,
      cookies: summary.cookieCount,
      storage: summary.storageCount,
      requests: summary.requestCount,
    });
    expect(attributeValues(page.html, "data-vendor")).toEqual(rows.map((row) => row.vendor));
    expect(attributeValues(page.html, "data-kind")).toEqual(rows.map((row) => row.kind));
    for (const row of rows) {
      expect(page.html).toContain(`<td>${escaped(row.host)}</td>`);
      if (row.name !== null) expect(page.html).toContain(`<td>${escaped(row.name)}</td>`);
    }
    for (const field of ["kind", "vendor", "party", "purpose"] as const) {
      const select = page.html.slice(
        page.html.indexOf(`<select id="filter-${field}"`),
        page.html.indexOf("</select>", page.html.indexOf(`id="filter-${field}"`)),
      );
      const values = attributeValues(select, "value").filter((value) => value !== "");
      expect(values.sort()).toEqual([...new Set(rows.map((row) => row[field]))].sort());
    }
    expect(page.html).toMatch(/<label for="group-by">Group by<\/label><select id="group-by">/);
    // The controls only work with the script, which shows them; the table itself never depends on it.
    expect(page.html).toContain('<div class="table-controls" id="table-controls" hidden>');
  });

  it("shows each phase exactly as the view says, never a phase as observed that the view does not", () => {
    const observedPages = (view: ReportView) => {
      const html = renderReportPage(view).html;
      const items = [...html.matchAll(/<li data-phase="(\w+)" data-status="(\w+)">([\s\S]*?)<\/li>/g)];
      return { html, items };
    };
    const { items } = observedPages(courier);
    expect(items.map((match) => [match[1], match[2]])).toEqual(courier.phases.map((phase) => [phase.phase, phase.status]));
    for (const [index, match] of items.entries()) {
      const phase = courier.phases[index]!;
      expect(match[3]).toContain(phase.status === "observed" ? ">Observed<" : ">Not run<");
      expect(match[3]).not.toContain(phase.status === "observed" ? ">Not run<" : ">Observed<");
      expect(match[3]).toContain(escaped(phase.note));
    }

    const noneRun: ReportView = { ...courier, phases: courier.phases.map((phase) => ({ ...phase, status: "not_run" as const })) };
    const { html, items: notRun } = observedPages(noneRun);
    expect(notRun).toHaveLength(4);
    expect(html).not.toContain(">Observed<");
    const phasesSection = /<section id="phases"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(countOf(phasesSection, ">Not run<")).toBe(4);
  });

  it("leads with the vendor x phase matrix: a row per vendor, a column per phase, and not run said, never shown empty", () => {
    const view = withPhaseMatrix(courier);
    const html = renderReportPage(view).html;
    const section = /<section id="consent-matrix"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(html.indexOf('id="consent-matrix"')).toBeLessThan(html.indexOf('id="findings"'));
    expect(countOf(section, '<tr><th scope="row">')).toBe(2);
    expect(section).toContain(
      '<th scope="row">Google</th><td data-phase="pre_consent" class="active tone-medium">3 trackers, 2 cookies</td>',
    );
    expect(section).toContain('<td data-phase="after_reject" class="active tone-medium">1 tracker</td>');
    expect(section).toContain('<td data-phase="after_accept" class="active">4 trackers, 3 cookies, 1 storage</td>');
    expect(section).toContain('<td data-phase="pre_consent" class="quiet">None seen</td>');
    expect(countOf(section, '<td data-phase="gpc" class="not-run">Not run</td>')).toBe(2);
    expect(section).toContain('Under GPC<span class="muted"> (not run)</span>');
    // A view without a matrix (reports stored before it existed) has no section, and a no-go none either.
    const { vendorPhases: _absent, ...older } = view;
    expect(renderReportPage(older).html).not.toContain('id="consent-matrix"');
    expect(renderReportPage(reportViewOf("bot-challenge")).html).not.toContain('id="consent-matrix"');
  });

  it("draws the visit's timeline: each moment and tracker in time order, with its phase, after the matrix", () => {
    const html = renderReportPage(withTimeline(withPhaseMatrix(courier))).html;
    const section = /<section id="visit-timeline"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(html.indexOf('id="consent-matrix"')).toBeLessThan(html.indexOf('id="visit-timeline"'));
    expect(html.indexOf('id="visit-timeline"')).toBeLessThan(html.indexOf('id="findings"'));
    expect(html).toContain('<li><a href="#visit-timeline">Timeline</a></li>');
    const lines = [...section.matchAll(/<span class="tl-time">([^<]*)<\/span><span class="tl-text">([^<]*)<\/span>/g)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    expect(lines).toEqual([
      "0.0 s Page requested",
      "0.4 s Google contacted (www.googletagmanager.com, 2 requests) before consent",
      "1.2 s Consent banner shown",
      "1.9 s Meta contacted (connect.facebook.net, 1 request) before consent",
      "3.0 s Before-consent snapshot taken",
      "3.0 s Reject used on the banner",
      "3.4 s Google contacted (stats.g.doubleclick.net, 3 requests) after reject",
      "6.0 s After-reject snapshot taken",
    ]);
    // Each row's track is on one axis: reject's line and the shaded stretches meet at the same x.
    const span = 6050 * 1.04;
    const rejectX = Math.round((3000 / span) * 10000) / 100;
    expect(section).toContain(`<rect class="tl-zone-before" x="0" y="0" width="${rejectX}" height="10"/>`);
    expect(countOf(section, '<li class="tl-hit tl-before-consent">')).toBe(2);
    expect(countOf(section, '<li class="tl-hit tl-after-reject">')).toBe(1);
    expect(countOf(section, 'aria-hidden="true"')).toBe(9);
    expect(section).toContain("2 more tracker hosts fired later");
    // Older reports (and a no-go) have no timeline: no section and no entry in the contents.
    const { timeline: _absent, ...older } = withTimeline(courier);
    expect(renderReportPage(older).html).not.toContain("visit-timeline");
    expect(renderReportPage(reportViewOf("bot-challenge")).html).not.toContain("visit-timeline");
  });

  it("says when no tracker fired in the visit, without calling it proof", () => {
    const view = withTimeline(courier);
    const quiet: ReportView = { ...view, timeline: { ...view.timeline!, hits: [], hiddenHits: 0 } };
    expect(renderReportPage(quiet).html).toContain('<p id="timeline-no-trackers">No tracker host was contacted');
  });

  it("opens the details of high findings and folds the others (no script needed), and prints them all", () => {
    const high = courier.findings.filter((finding) => finding.criticality === "high").length;
    expect(high).toBeGreaterThan(0);
    expect(high).toBeLessThan(courier.findings.length);
    expect(countOf(page.html, "<details open>")).toBe(high);
    expect(countOf(page.html, "<details>")).toBe(courier.findings.length - high);
    expect(REPORT_STYLES).toMatch(/@media print \{[^@]*details::details-content \{ content-visibility: visible; display: contents; \}/);
  });

  it("folds the scan's details under the coverage, open when the scan is a no-go or its coverage is not complete", () => {
    expect(page.html).toContain('<details class="scan-details">');
    expect(page.html.indexOf('id="coverage"')).toBeLessThan(page.html.indexOf('<details class="scan-details"'));
    expect(renderReportPage(reportViewOf("bot-challenge")).html).toContain('<details class="scan-details" open>');
    const partial: ReportView = { ...courier, scan: { ...courier.scan, coverage: { ...courier.scan.coverage, status: "partial" } } };
    expect(renderReportPage(partial).html).toContain('<details class="scan-details" open>');
  });

  it("draws the score on the rubric's bands and says how it was reached", () => {
    const html = renderReportPage(courier).html;
    const gauge = /<figure class="gauge" id="score-gauge">[\s\S]*?<\/figure>/.exec(html)?.[0] ?? "";
    expect(gauge).toContain(`<title id="score-gauge-label">Score ${courier.scan.score} of 100, in the Priority review band</title>`);
    expect(countOf(gauge, '<rect class="band ')).toBe(4);
    expect(gauge).toContain(`x="${courier.scan.score - 0.4}"`);
    const breakdown = courier.scoreBreakdown!;
    for (const row of breakdown.deductions) expect(gauge).toContain(`: <span class="points">−${row.points}</span></li>`);
    expect(gauge).toContain(`−${-breakdown.unclamped}, shown as <strong>0</strong>`);
    const bakery = reportViewOf("quiet-bakery");
    expect(renderReportPage(bakery).html).toContain(`<li class="result">Score <strong>${bakery.scan.score}</strong></li>`);
    expect(renderReportPage(reportViewOf("bot-challenge")).html).not.toContain('id="score-gauge"');
  });

  it("reads a no-go scan as not assessed: no score, the reason, and phases and table as not run", () => {
    const view = reportViewOf("bot-challenge");
    const { html } = renderReportPage(view);
    expect(view.scan.resultDisposition).toBe("no_go");
    expect(html).toContain("Not assessed");
    expect(html).not.toContain('<span class="score-value">0</span>');
    expect(html).toContain("<dt>Score status</dt><dd>Not assessed (rubric");
    expect(html).toContain(`No-go: ${escaped(view.scan.resultDispositionReason!.message)} (<code>bot_challenge</code>)`);
    expect(html).not.toContain(">Observed<");
    expect(html).toContain("The pre-consent phase was not run");
    expect(html).toContain("nothing was assessed");
    expect(html).not.toContain("<tr data-row");
    for (const limitation of view.scan.coverage.limitations) expect(html).toContain(`<li>${escaped(limitation)}</li>`);
  });

  it("says that nothing was observed, not that nothing exists, for a clean observed scan", () => {
    const view = reportViewOf("green-grocer");
    const { html } = renderReportPage(view);
    expect(html).toContain(`<span class="score-value">${view.scan.score}</span>`);
    expect(html).toContain("No cookies, storage keys or tracker hosts were observed before consent in this visit.");
    expect(html).toContain("Missing evidence is not proof of absence.");
  });

  it("links only to its own sections and shows the view's API resources as text", () => {
    const hrefs = attributeValues(page.html, "href");
    const ids = new Set(attributeValues(page.html, "id"));
    for (const href of hrefs) {
      expect(href.startsWith("#")).toBe(true);
      expect(ids.has(href.slice(1))).toBe(true);
    }
    for (const link of Object.values(courier.links)) expect(page.html).toContain(`<code>${link}</code>`);
    // The scanned site is text, never a link.
    expect(hrefs).not.toContain(courier.scan.url);
  });
  it("links only to its own sections: API resources are text for API clients, never links a reader gets 401 from", () => {
    const view: ReportView = { ...courier, links: { ...courier.links, pulse: "javascript:alert(1)" } };
    const html = renderReportPage(view).html;
    expect(attributeValues(html, "href").filter((href) => !href.startsWith("#"))).toEqual([]);
    expect(html).toContain("<li>Pulse summary: <code>javascript:alert(1)</code></li>");
  });

  it("renders every view string inertly: markup, quotes and & only ever appear escaped", () => {
    const hostile = mapStrings(courier, (text) => `${text}${PAYLOAD}`);
    const rendered = renderReportPage(hostile);
    expect(rendered.contentSecurityPolicy).toBe(page.contentSecurityPolicy);
    expect(rendered.html).not.toContain(PAYLOAD);
    expect(rendered.html).toContain(escaped(PAYLOAD));
    // Exactly the page's own elements: one style, one script, no image, no event handler attribute.
    expect(countOf(rendered.html, "<script")).toBe(1);
    expect(countOf(rendered.html, "</script")).toBe(1);
    expect(countOf(rendered.html, "<style")).toBe(1);
    expect(countOf(rendered.html, "</style")).toBe(1);
    expect(rendered.html).not.toMatch(/<img|\son[a-z]+=["']/i);
    expect(inlineContents(rendered.html, "style")).toEqual(inlineContents(page.html, "style"));
    expect(inlineContents(rendered.html, "script")).toEqual(inlineContents(page.html, "script"));
    // Attribute values survive the round trip exactly, so the filters still match the rows.
    expect(attributeValues(rendered.html, "data-vendor")).toEqual(hostile.table.rows.map((row) => row.vendor));
    expect(rendered.html).toContain(`<h1>Privacy scan report: ${escaped(hostile.scan.domain)}</h1>`);
  });

  it("names the service given in the options", () => {
    expect(renderReportPage(courier, { serviceName: "Acme <Scan>" }).html).toContain(
      "<title>Report for www.daily-courier.test · Acme &lt;Scan&gt;</title>",
    );
  });
});

describe("the consent banner summary", () => {
  it("shows the platform, the first layer and what reject and accept did, escaped, and nothing without it", () => {
    const view = reportViewOf("daily-courier");
    const withConsent: ReportView = {
      ...view,
      consent: {
        cmp: "cookieconsent3",
        classification: "reject_behind_settings",
        reject: { outcome: "failed", reason: "no_reject_option" },
        accept: { outcome: "succeeded", reason: null },
      },
    };
    const { html } = renderReportPage(withConsent);
    expect(html).toContain("<dt>Consent platform</dt><dd>CookieConsent v3 (Orest Bida)</dd>");
    expect(html).toContain("<dt>First layer</dt><dd>Reject behind settings</dd>");
    expect(html).toContain("<dt>Reject</dt><dd>Failed (No reject option)</dd>");
    expect(html).toContain("<dt>Accept</dt><dd>Succeeded</dd>");
    const hostile = renderReportPage({ ...withConsent, consent: { ...withConsent.consent!, cmp: "<script>x</script>" } }).html;
    expect(hostile).not.toContain("<script>x</script>");
    const { consent: _none, ...without } = withConsent;
    expect(renderReportPage(without).html).not.toContain("Consent platform");
    expect(html).not.toContain("gpc-stopped");
  });

  it("shows Google Consent Mode per phase: what was declared, hits by state, and both readings of cookieless pings", () => {
    const view = reportViewOf("daily-courier");
    const denied = { adStorage: "denied", analyticsStorage: "denied", adUserData: "denied", adPersonalization: "denied" } as const;
    const withConsentMode: ReportView = {
      ...view,
      consent: {
        cmp: "cookieconsent3",
        classification: "accept_and_reject_first_layer",
        reject: { outcome: "succeeded", reason: null },
        accept: { outcome: "succeeded", reason: null },
        consentMode: {
          phases: [
            {
              phase: "pre_consent",
              declared: denied,
              commands: 1,
              hits: { deniedPings: ["region1.google-analytics.com"], granted: [], withoutConsentMode: [] },
            },
            {
              phase: "after_reject",
              declared: { ...denied, analyticsStorage: "granted", adPersonalization: "not_set" },
              commands: 2,
              hits: { deniedPings: [], granted: ["region1.google-analytics.com"], withoutConsentMode: [] },
            },
            { phase: "gpc", declared: null, commands: 0, hits: { deniedPings: [], granted: [], withoutConsentMode: ["<b>x</b>"] } },
          ],
          cookielessOnlyHosts: ["region1.google-analytics.com"],
        },
      },
    };
    const { html } = renderReportPage(withConsentMode);
    const table = /<table id="consent-mode-table">[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect(table).toContain(
      '<tr data-phase="pre_consent"><th scope="row">Before consent</th><td>ad storage denied, analytics storage denied, ad user data denied, ad personalization denied</td><td>region1.google-analytics.com</td><td>none</td><td>none</td></tr>',
    );
    expect(table).toContain(
      "<td>ad storage denied, analytics storage granted, ad user data denied</td><td>none</td><td>region1.google-analytics.com</td>",
    );
    expect(table).toContain("<td>No consent command</td><td>none</td><td>none</td><td>&lt;b&gt;x&lt;/b&gt;</td>");
    expect(html).toContain(
      '<p id="consent-mode-readings">Before consent, region1.google-analytics.com received only pings with storage denied. Read strictly',
    );
    expect(renderReportPage({ ...withConsentMode, consent: { ...withConsentMode.consent!, consentMode: undefined } }).html).not.toContain(
      "consent-mode-table",
    );
  });

  it("shows each phase's IAB TCF string: status, purposes by consent and by interest (forbidden ones said), vendors", () => {
    const view = reportViewOf("daily-courier");
    const phase = (overrides: object) => ({
      phase: "pre_consent" as const,
      eventStatus: "cmpuishown" as const,
      cmpId: 300,
      tcfPolicyVersion: 4,
      purposeConsentIds: [1, 2, 3, 4],
      purposeLegitimateInterestIds: [],
      disallowedLegitimateInterestIds: [],
      vendorConsents: 8,
      vendorLegitimateInterests: 0,
      vendorsDisclosed: 12,
      vendorNames: null,
      ...overrides,
    });
    const withTcf: ReportView = {
      ...view,
      consent: {
        cmp: "heuristic",
        classification: "accept_and_reject_first_layer",
        reject: { outcome: "succeeded", reason: null },
        accept: null,
        tcf: [
          phase({}),
          phase({
            phase: "after_reject",
            eventStatus: "useractioncomplete",
            purposeConsentIds: [],
            purposeLegitimateInterestIds: [2, 3, 4, 7],
            disallowedLegitimateInterestIds: [3, 4],
            vendorConsents: 0,
            vendorLegitimateInterests: 6,
            vendorsDisclosed: null,
            vendorNames: { vendorListVersion: 150, consent: [], legitimateInterest: ["Alpha Ads", "Beta <Metrics>"] },
          }),
        ],
      },
    };
    const table = /<table id="tcf-table">[\s\S]*?<\/table>/.exec(renderReportPage(withTcf).html)?.[0] ?? "";
    expect(table).toContain(
      '<tr data-phase="pre_consent"><th scope="row">Before consent</th><td>cmpuishown</td><td>1, 2, 3, 4</td><td>none</td><td>8 / 0</td><td>12</td></tr>',
    );
    expect(table).toContain(
      '<td>none</td><td>2, 3, 4, 7 <strong class="tcf-not-allowed">(3, 4 not allowed under TCF 2.2)</strong></td><td>0 / 6</td><td>not said</td>',
    );
    expect(renderReportPage(withTcf).html).toContain(
      "<dt>After rejecting</dt><dd>By consent: none. By legitimate interest: Alpha Ads, Beta &lt;Metrics&gt; and 4 more.</dd>",
    );
    expect(renderReportPage(view).html).not.toContain("tcf-table");
  });

  it("shows the GPC answer with its evidence and each phase's decoded privacy strings, and nothing without them", () => {
    const view = reportViewOf("daily-courier");
    const withGpp: ReportView = {
      ...view,
      consent: {
        cmp: null,
        classification: "no_banner_detected",
        reject: null,
        accept: null,
        gpp: [
          {
            phase: "pre_consent",
            signalStatus: "ready",
            sections: ["usnat"],
            optOuts: [{ section: "usnat", right: "sale", state: "did_not_opt_out" }],
            cmpSawGpc: false,
            usp: null,
          },
          {
            phase: "gpc",
            signalStatus: "ready",
            sections: ["usnat"],
            optOuts: [{ section: "usnat", right: "sale", state: "opted_out" }],
            cmpSawGpc: true,
            usp: null,
          },
        ],
        gpcAnswer: {
          verdict: "honoured",
          optOuts: [{ section: "usnat", right: "sale", before: "did_not_opt_out", withGpc: "opted_out" }],
          stringsOptedOut: true,
          cmpSawGpc: true,
          advertisingVendorsWithGpc: [],
          gpcJsonClaims: true,
        },
      },
    };
    const { html } = renderReportPage(withGpp);
    expect(html).toContain(
      '<p id="gpc-answer" data-verdict="honoured"><strong>Global Privacy Control: Honoured.</strong> privacy strings under GPC: usnat: sale opted out; the consent platform&#39;s GPC field: set; no advertising vendor contacted under GPC; gpc.json claims support.</p>',
    );
    const table = /<table id="gpp-table">[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect(table).toContain(
      '<tr data-phase="gpc"><th scope="row">Global Privacy Control (GPC)</th><td>Ready</td><td>usnat</td><td>usnat: sale opted out</td><td>Set</td></tr>',
    );
    expect(renderReportPage(view).html).not.toContain("gpp-table");
  });

  it("shows the banner's measured design beside its outcomes, and nothing without a measurement", () => {
    const view = reportViewOf("daily-courier");
    const button = { widthPx: 160, heightPx: 44, fontSizePx: 16, bold: true, textContrast: 5.27, filled: true, styledAsLink: false };
    const { html } = renderReportPage({
      ...view,
      consent: {
        cmp: "heuristic",
        classification: "accept_and_reject_first_layer",
        reject: { outcome: "succeeded", reason: null },
        accept: null,
        bannerDesign: {
          placement: "bottom",
          viewportCoveragePct: 20,
          scrollLocked: false,
          blocksPage: false,
          accept: button,
          reject: {
            ...button,
            widthPx: 70,
            heightPx: 16,
            fontSizePx: 12,
            bold: false,
            textContrast: 2.85,
            filled: false,
            styledAsLink: true,
          },
        },
        choiceToggles: { seenWhile: "rejecting", shown: 3, necessaryOn: 1, preTicked: 1, preTickedPurposes: ["analytics"] },
      },
    });
    expect(html).toContain('<dd class="banner-placement">at the bottom, 20% of the viewport</dd>');
    expect(html).toContain('<dd class="banner-reject">70 x 16 px, 12 px text, contrast 2.9:1, styled as a link</dd>');
    expect(html).toContain(
      '<dd class="choice-toggles">1 of 3 switched on before any choice (analytics), on the way to reject; 1 necessary kept on</dd>',
    );
    expect(renderReportPage(view).html).not.toContain("banner-placement");
    expect(renderReportPage(view).html).not.toContain("choice-toggles");
  });

  it("lists the site checks by area with each outcome in words, passed ones included, and nothing without them", () => {
    const { html } = renderReportPage(withSiteChecks(reportViewOf("daily-courier")));
    const section = /<section id="site-checks"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(section).toContain('<h3 id="checks-transport">Transport and TLS</h3>');
    expect(section).toContain("1 passed, 1 needs a look, 1 not checked.");
    expect(section).toMatch(
      /data-check="served_over_https" data-outcome="passed"><span class="badge tone-ok">Passed<\/span><span>Page served over HTTPS/,
    );
    expect(section).toMatch(
      /data-outcome="issue"><span class="badge tone-medium">Needs a look<\/span><span>HTTP Strict Transport Security \(HSTS\)<span class="check-detail">No header\.<\/span>/,
    );
    expect(section).toContain('<span class="badge">Not found</span><span>Privacy choices icon');
    expect(html).toContain('<a href="#site-checks">Site checks</a>');
    // An older report without checks has neither the section nor its entry in the contents.
    const older = renderReportPage(reportViewOf("daily-courier")).html;
    expect(older).not.toContain('id="site-checks"');
    expect(older).not.toContain('href="#site-checks"');
  });

  it("folds each observed phase's table under its counts: lifetime, who set it, and what the phase added", () => {
    const { html } = renderReportPage(withPhaseRows(reportViewOf("daily-courier")));
    const accept = /<li data-phase="after_accept"[\s\S]*?<\/li>/.exec(html)?.[0] ?? "";
    expect(accept).toContain(
      '<details class="phase-rows"><summary>2 cookies, 0 storage keys, 1 tracker hosts, 0 services (2 not seen before consent)</summary>',
    );
    expect(accept).toContain(
      '<tr class="new-in-phase"><td>Cookie</td><td>_gcl_au</td><td>Google</td><td>doubleclick.net</td><td>Third</td><td>Marketing</td><td>3 months</td><td>-</td><td>New</td></tr>',
    );
    expect(accept).toContain("<td>IDE</td><td>Google</td><td>doubleclick.net</td><td>Third</td><td>Marketing</td><td>13 months</td>");
    expect(accept).toMatch(
      /<td>Tracker<\/td><td>-<\/td><td>Google<\/td><td>www\.google-analytics\.com<\/td><td>Third<\/td><td>Analytics<\/td><td>-<\/td><td>4<\/td><td>New<\/td>/,
    );
    // A phase that ran and saw nothing says so; one that did not run has no table at all.
    expect(/<li data-phase="after_reject"[\s\S]*?<\/li>/.exec(html)?.[0]).toContain("Nothing was set or contacted in this phase.");
    expect(/<li data-phase="gpc"[\s\S]*?<\/li>/.exec(html)?.[0]).not.toContain("<table");
    // Before consent is the pre-consent table's section, not a second table here.
    const before = /<li data-phase="pre_consent"[\s\S]*?<\/li>/.exec(html)?.[0];
    expect(before).not.toContain("<table");
    expect(before).toContain('<a href="#pre-consent">Its cookies, storage and trackers</a> are the pre-consent table.');
  });

  it("shows which pre-consent trackers stopped and which still fired under Global Privacy Control", () => {
    const view = reportViewOf("daily-courier");
    const consent = {
      cmp: null,
      classification: "no_banner_detected",
      reject: null,
      accept: null,
      gpc: {
        stopped: [{ host: "ad.doubleclick.net", vendor: "Google" }],
        stillFired: [
          { host: "www.googletagmanager.com", vendor: "Google" },
          { host: "cdn.unknown-tracker.test", vendor: null },
        ],
        onlyWithGpc: [],
      },
    };
    const { html } = renderReportPage({ ...view, consent });
    expect(html).toContain('<dd class="gpc-stopped">Google (ad.doubleclick.net)</dd>');
    expect(html).toContain('<dd class="gpc-still-fired">Google (www.googletagmanager.com), cdn.unknown-tracker.test</dd>');
    expect(html).not.toContain("Under Global Privacy Control only");
    const nothingStopped = renderReportPage({
      ...view,
      consent: { ...consent, gpc: { ...consent.gpc, stopped: [], onlyWithGpc: [{ host: "px.ads.linkedin.com", vendor: "LinkedIn" }] } },
    }).html;
    expect(nothingStopped).toContain('<dd class="gpc-stopped">None</dd>');
    expect(nothingStopped).toContain('<dd class="gpc-only">LinkedIn (px.ads.linkedin.com)</dd>');
  });
});
