import { readFile } from "node:fs/promises";
import type { Purpose } from "@public-scan/core";
import { parse } from "csv-parse/sync";
import { dataUrl } from "./data-url.js";
import { normalizeHost } from "./party-of.js";
import { purposeOfOpenCookieCategory } from "./open-cookie-purpose.js";

/** One row of the Open Cookie Database, reduced to what classification needs (no descriptions, no URLs). */
export interface OpenCookieEntry {
  readonly id: string;
  /** The vendor or product that sets the name; null for the one row without a platform. */
  readonly platform: string | null;
  /** The database's own category, as written (`Analytics`, `Marketing`, `Necessary`, ...). */
  readonly category: string;
  readonly purpose: Purpose;
  /** The exact name, or for a wildcard row the prefix (a trailing `*` removed). */
  readonly name: string;
  /** `Wildcard match` = 1, or a name ending in `*`: the name is a prefix. */
  readonly wildcard: boolean;
  /** Hosts from the `Domain` column, normalised (`facebook.com (3rd party)` -> `facebook.com`); often empty. */
  readonly domains: readonly string[];
  /**
   * The `Domain` column marks the hosts as the vendor's own third-party hosts (`(3rd party)`): the name is
   * then the vendor's wherever it appears. Without the mark, the row describes one site's own cookie.
   */
  readonly vendorDomains: boolean;
}

export interface OpenCookieDatabase {
  /** The upstream commit of this copy (from `VERSION`). */
  readonly version: string;
  readonly entries: readonly OpenCookieEntry[];
  /** Exact name -> rows, in file order (a few names belong to several platforms). */
  readonly byName: ReadonlyMap<string, readonly OpenCookieEntry[]>;
  /** Wildcard rows, longest prefix first. */
  readonly prefixes: readonly OpenCookieEntry[];
  /** Host from the `Domain` column -> the platform most of its rows name. */
  readonly platformByDomain: ReadonlyMap<string, string>;
}

export interface LoadOpenCookieDatabaseOptions {
  /** A folder (URL ending in `/`) holding `open-cookie-database.csv` and `VERSION`; the bundled copy by default. */
  directory?: URL;
}

/** The upstream header, checked so that a changed layout fails loudly instead of classifying wrongly. */
export const OPEN_COOKIE_DATABASE_COLUMNS = [
  "ID",
  "Platform",
  "Category",
  "Cookie / Data Key name",
  "Domain",
  "Description",
  "Retention period",
  "Data Controller",
  "User Privacy & GDPR Rights Portals",
  "Wildcard match",
] as const;
type Column = (typeof OPEN_COOKIE_DATABASE_COLUMNS)[number];

export async function loadOpenCookieDatabase(options: LoadOpenCookieDatabaseOptions = {}): Promise<OpenCookieDatabase> {
  const directory = options.directory ?? dataUrl("open-cookie-database/");
  const [csv, version] = await Promise.all([
    readFile(new URL("open-cookie-database.csv", directory), "utf8"),
    readFile(new URL("VERSION", directory), "utf8"),
  ]);
  return parseOpenCookieDatabase({ csv, version: version.trim() });
}

export function parseOpenCookieDatabase(input: { csv: string; version: string }): OpenCookieDatabase {
  const rows = parse(input.csv, { bom: true, skip_empty_lines: true });
  const [header, ...records] = rows;
  if (header === undefined || header.join("\u0000") !== OPEN_COOKIE_DATABASE_COLUMNS.join("\u0000")) {
    throw new Error("open cookie database: unexpected header row");
  }
  const entries = records.map((record) =>
    toEntry(Object.fromEntries(header.map((column, index) => [column, record[index] ?? ""])) as Record<Column, string>),
  );

  const byName = new Map<string, OpenCookieEntry[]>();
  for (const entry of entries) {
    if (!entry.wildcard) byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry]);
  }
  const prefixes = entries.filter((entry) => entry.wildcard).sort((a, b) => b.name.length - a.name.length);
  return { version: input.version, entries, byName, prefixes, platformByDomain: toPlatformByDomain(entries) };
}

function toEntry(row: Record<Column, string>): OpenCookieEntry {
  // Names carry stray whitespace in a few rows (a trailing tab); four exact rows end in `*`, which is the
  // database's other way of writing a prefix.
  const rawName = row["Cookie / Data Key name"].trim();
  const starred = rawName.endsWith("*");
  const platform = row.Platform.trim();
  const category = row.Category.trim();
  return {
    id: row.ID,
    platform: platform === "" ? null : platform,
    category,
    purpose: purposeOfOpenCookieCategory(category),
    name: starred ? rawName.slice(0, -1) : rawName,
    wildcard: row["Wildcard match"].trim() === "1" || starred,
    domains: toDomains(row.Domain),
    vendorDomains: /\(3rd party\)/i.test(row.Domain),
  };
}

/**
 * The `Domain` column is free text: `doubleclick.net (3rd party)`, `.bing.com (3rd party) or .microsoft.com
 * (3rd party)`, `ads-[account].adhese.com`, a zero-width space here and there. Keep the hosts, drop the
 * rest; a placeholder label drops itself and everything left of it; single labels are not hosts.
 */
function toDomains(column: string): string[] {
  const domains = column
    .replace(/\u200b/g, "")
    .replace(/\(3rd party\)/gi, "")
    .split(/\s+or\s+|,/i)
    .map((part) => normalizeHost(part.includes("]") ? part.slice(part.lastIndexOf("]") + 1) : part))
    .filter((part) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(part));
  return [...new Set(domains)];
}

function toPlatformByDomain(entries: readonly OpenCookieEntry[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const entry of entries) {
    if (entry.platform === null) continue;
    for (const domain of entry.domains) {
      const perPlatform = counts.get(domain) ?? new Map<string, number>();
      perPlatform.set(entry.platform, (perPlatform.get(entry.platform) ?? 0) + 1);
      counts.set(domain, perPlatform);
    }
  }
  const result = new Map<string, string>();
  for (const [domain, perPlatform] of counts) {
    // Most rows wins; on a tie the platform seen first in the file (Map keeps insertion order).
    let best: [string, number] | undefined;
    for (const candidate of perPlatform) if (best === undefined || candidate[1] > best[1]) best = candidate;
    if (best !== undefined) result.set(domain, best[0]);
  }
  return result;
}
