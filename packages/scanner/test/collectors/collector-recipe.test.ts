import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  COLLECTOR_LABELS,
  CollectorReportSchema,
  OBSERVATION_LIMITS,
  ScanObservationsSchema,
  type CollectorReport,
  type NavigationObservation,
  type TransportObservation,
} from "@public-scan/core";
import type { Browser } from "puppeteer-core";
import { describe, expect, it } from "vitest";
// Not part of core's entry (only coverage reads it), so it is read where it is defined.
import type { Classifier } from "../../src/classify/index.js";
import { assembleObservations } from "../../src/scan/assemble-observations.js";
import { createPreConsentCollectors, PRE_CONSENT_COLLECTOR_IDS, type PreConsentOutcomes } from "../../src/scan/pre-consent-collectors.js";

/**
 * docs/scanner.md, "Adding a collector", checked for every collector the scan registers: a step that a new
 * collector misses fails here, and the message names the step. Steps left to other tests (the core export,
 * evidence, later phases, the browser conformance scan) are not repeated; the recipe says which test has them.
 */
const root = fileURLToPath(new URL("../../../../", import.meta.url));
const doc = readFileSync(`${root}docs/scanner.md`, "utf8");

const ids: readonly string[] = PRE_CONSENT_COLLECTOR_IDS;
// Creating collectors touches no browser (they hold state until attached); the classifier is read only when
// requests are collected, so none is needed here.
const collectors: Record<string, { id: string; budgetMs: number }> = createPreConsentCollectors({
  classifier: {} as Classifier,
  siteUrl: () => "https://example.com/",
});

/** A collector's field of the observations: its id in camelCase (`privacy_policy` fills `privacyPolicy`). */
const fieldOf = (id: string) => id.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

interface FieldSchema {
  safeParse(value: unknown): { success: boolean };
  toJSONSchema(params: { unrepresentable: "any" }): { type?: unknown; maxItems?: number };
}
const fields: Record<string, FieldSchema | undefined> = ScanObservationsSchema.shape;
const limits: Record<string, number | undefined> = OBSERVATION_LIMITS;
const truncatedFields = Object.keys(ScanObservationsSchema.shape.truncated.shape);
const isList = (field: string) => fields[field]?.toJSONSchema({ unrepresentable: "any" }).type === "array";

/** The ids in the first column of the table under "## Collectors". */
function documentedIds(): string[] {
  const section = doc.split(/^## Collectors$/m)[1]?.split(/^#{2,3} /m)[0] ?? "";
  return [...section.matchAll(/^\| `([a-z0-9_-]+)` +\|/gm)].map((match) => match[1]!);
}

describe("adding a collector (docs/scanner.md), for every collector the scan registers", () => {
  it("step 4: registers each id under its own name, in the listed order", () => {
    // The scan reads an outcome by its name in the set and a report (and a setup failure) by its id.
    expect(Object.keys(collectors), "step 4: createPreConsentCollectors and PRE_CONSENT_COLLECTOR_IDS differ in order").toEqual(ids);
    for (const id of ids) expect(collectors[id]?.id, `step 4: the collector registered as "${id}" reports another id`).toBe(id);
  });

  it.each(ids)("step 3: %s reports under an id the observations accept, within a budget", (id) => {
    // run-scan parses the whole observations: one report with a refused id would fail every scan.
    expect(CollectorReportSchema.shape.id.safeParse(id).success, `step 3: "${id}" does not match CollectorReportSchema's id`).toBe(true);
    const budgetMs = collectors[id]?.budgetMs ?? 0;
    expect(Number.isInteger(budgetMs) && budgetMs > 0, `step 3: "${id}" needs a positive budgetMs`).toBe(true);
  });

  it.each(ids)("step 2: the observations have a field for %s, bounded and counted when a list", (id) => {
    const field = fieldOf(id);
    // Without the field, the scan's final parse drops what the collector found, without an error.
    expect(fields[field], `step 2: ScanObservationsSchema has no field "${field}" for "${id}"`).toBeDefined();
    if (!isList(field)) return;
    expect(limits[field], `step 2: OBSERVATION_LIMITS has no bound for "${field}"`).toBeDefined();
    // A schema bound below the assembly's would fail a scan that reaches it; none would let a page grow the record.
    expect(
      fields[field]?.toJSONSchema({ unrepresentable: "any" }).maxItems,
      `step 2: ScanObservationsSchema's "${field}" is not .max(OBSERVATION_LIMITS.${field})`,
    ).toBe(limits[field]);
    expect(truncatedFields, `step 2: ScanObservationsSchema's truncated has no count for "${field}"`).toContain(field);
  });

  it("step 5: the assembly fills each collector's field, even when it failed, and keeps its report", async () => {
    const failed = (id: string): CollectorReport => ({
      id,
      phase: "pre_consent",
      status: "failed",
      durationMs: 0,
      itemCount: 0,
      reason: "collector_error",
    });
    const outcomes = Object.fromEntries(ids.map((id) => [id, { result: null, report: failed(id) }])) as unknown as PreConsentOutcomes;
    const assembled = await assembleObservations({
      url: "https://example.com/",
      targetHost: "example.com",
      startedAt: new Date(),
      browser: { version: () => Promise.resolve("Chrome/140") } as unknown as Browser,
      classifier: { dataVersions: {}, registrableDomainOf: () => "example.com" } as unknown as Classifier,
      scanner: { name: "public-scan", version: "0.0.0" },
      // Copied as they are: nothing here reads them.
      navigation: {} as NavigationObservation,
      outcomes,
      transport: { observation: {} as TransportObservation, reports: [] },
    });
    const filled: Record<string, unknown> = assembled;
    const truncated: Record<string, unknown> = assembled.truncated;
    for (const id of ids) {
      const field = fieldOf(id);
      expect(filled[field], `step 5: assembleObservations leaves "${field}" out for "${id}"`).toBeDefined();
      // The scan parses the whole observations: an invalid field would fail it, not just this collector.
      expect(fields[field]?.safeParse(filled[field]).success, `step 5: a failed "${id}" leaves an invalid "${field}"`).toBe(true);
      if (isList(field))
        expect(truncated[field], `step 5: assembleObservations does not count what it cuts of "${field}"`).toBeTypeOf("number");
    }
    expect(
      assembled.collectors.map((report) => report.id),
      "step 4: a registered collector's report is missing from collectors",
    ).toEqual(ids);
  });

  it.each(ids)("step 6: core's coverage names %s", (id) => {
    expect(Object.keys(COLLECTOR_LABELS), `step 6: COLLECTOR_LABELS (core, to-coverage.ts) has no label for "${id}"`).toContain(id);
  });

  it("step 10: the Collectors table of docs/scanner.md lists exactly the registered collectors", () => {
    const documented = documentedIds();
    for (const id of ids) expect(documented, `step 10: docs/scanner.md's Collectors table has no row for "${id}"`).toContain(id);
    for (const id of documented)
      expect(ids, `docs/scanner.md's Collectors table lists "${id}", which the scan does not register`).toContain(id);
  });

  it("the recipe names only files that exist", () => {
    const recipe = doc.split(/^### Adding a collector$/m)[1]?.split(/^## /m)[0] ?? "";
    // Paths from the repository root; ones with a `<placeholder>` are the new collector's own files.
    const paths = [...recipe.matchAll(/`((?:packages|docs|test|tools)\/[^`<>*\s]+)`/g)].map((match) => match[1]!);
    expect(paths.length, 'docs/scanner.md has no "### Adding a collector" naming its files').toBeGreaterThan(5);
    for (const path of paths)
      expect(existsSync(`${root}${path}`), `docs/scanner.md's recipe names ${path}, which does not exist`).toBe(true);
  });
});
