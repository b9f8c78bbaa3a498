import { readFile } from "node:fs/promises";
import { dataUrl } from "./data-url.js";
import { isCatalogueCategory, type CatalogueCategory } from "./tracker-category.js";

export interface TrackerAttribution {
  readonly vendor: string;
  readonly category: CatalogueCategory;
}

/** An Open Cookie Database platform restated in the catalogue's vocabulary; category only for single-purpose products. */
export interface PlatformAttribution {
  readonly vendor: string;
  readonly category: CatalogueCategory | null;
}

export interface TrackerCatalogue {
  readonly version: string;
  /** Host or registrable domain -> attribution; a key also covers its subdomains (see `matchTrackerHost`). */
  readonly hosts: ReadonlyMap<string, TrackerAttribution>;
  /** Open Cookie Database `Platform` -> the vendor name (and category) this catalogue uses for it. */
  readonly openCookieDatabaseVendors: ReadonlyMap<string, PlatformAttribution>;
  /** Names of cookies and storage keys that hold the visitor's consent choice (`matchConsentStorage`). */
  readonly consentStorage: ConsentStorageNames;
}

/** Consent records by exact name, and by prefix (longest first); the vendor is null for a standard's string. */
export interface ConsentStorageNames {
  readonly names: ReadonlyMap<string, { readonly vendor: string | null }>;
  readonly prefixes: ReadonlyArray<{ readonly prefix: string; readonly vendor: string | null }>;
}

export interface LoadTrackerCatalogueOptions {
  /** Another catalogue file in the same format; the bundled `data/tracker-catalogue.json` by default. */
  url?: URL;
}

/** A key is a lower-case DNS name with at least two labels and a non-numeric last label. */
const HOST_KEY = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/;

export async function loadTrackerCatalogue(options: LoadTrackerCatalogueOptions = {}): Promise<TrackerCatalogue> {
  const text = await readFile(options.url ?? dataUrl("tracker-catalogue.json"), "utf8");
  return parseTrackerCatalogue(JSON.parse(text) as unknown);
}

/**
 * Checks the whole document, so a bad edit fails at load time with the entry it concerns rather than
 * classifying wrongly later.
 */
export function parseTrackerCatalogue(document: unknown): TrackerCatalogue {
  const root = asRecord(document, "catalogue");
  const docs = asRecord(root.docs, "docs");
  const version = docs.version;
  if (typeof version !== "string" || version === "") throw new Error("tracker catalogue: docs.version must be a non-empty string");

  const hosts = new Map<string, TrackerAttribution>();
  for (const [host, value] of Object.entries(asRecord(root.hosts, "hosts"))) {
    if (!HOST_KEY.test(host)) throw new Error(`tracker catalogue: "${host}" is not a lower-case host name`);
    const entry = asRecord(value, `hosts["${host}"]`);
    const category = entry.category;
    if (!isCatalogueCategory(category)) throw new Error(`tracker catalogue: hosts["${host}"] has an unknown category`);
    hosts.set(host, { vendor: asVendor(entry.vendor, `hosts["${host}"]`), category });
  }

  const openCookieDatabaseVendors = new Map<string, PlatformAttribution>();
  for (const [platform, value] of Object.entries(asRecord(root.openCookieDatabaseVendors, "openCookieDatabaseVendors"))) {
    const entry = asRecord(value, `openCookieDatabaseVendors["${platform}"]`);
    const category = entry.category ?? null;
    if (category !== null && !isCatalogueCategory(category)) {
      throw new Error(`tracker catalogue: openCookieDatabaseVendors["${platform}"] has an unknown category`);
    }
    openCookieDatabaseVendors.set(platform, { vendor: asVendor(entry.vendor, `openCookieDatabaseVendors["${platform}"]`), category });
  }
  return { version, hosts, openCookieDatabaseVendors, consentStorage: parseConsentStorage(root.consentStorage) };
}

/** The `consentStorage` section; a catalogue without one has no consent names (an operator's older file). */
function parseConsentStorage(value: unknown): ConsentStorageNames {
  if (value === undefined) return { names: new Map(), prefixes: [] };
  const section = asRecord(value, "consentStorage");
  const entries = (key: "names" | "prefixes") =>
    Object.entries(asRecord(section[key] ?? {}, `consentStorage.${key}`)).map(([name, entry]) => {
      // A name or prefix under four characters would catch unrelated names (the shortest listed is `klaro`).
      if (name.trim() !== name || name.length < 4 || name.length > 120)
        throw new Error(`tracker catalogue: consentStorage.${key} has a bad name "${name}"`);
      const vendor = asRecord(entry, `consentStorage.${key}["${name}"]`).vendor;
      return { name, vendor: vendor === undefined ? null : asVendor(vendor, `consentStorage.${key}["${name}"]`) };
    });
  return {
    names: new Map(entries("names").map(({ name, vendor }) => [name, { vendor }])),
    prefixes: entries("prefixes")
      .map(({ name, vendor }) => ({ prefix: name, vendor }))
      .sort((a, b) => b.prefix.length - a.prefix.length),
  };
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`tracker catalogue: ${where} must be an object`);
  return value as Record<string, unknown>;
}

function asVendor(value: unknown, where: string): string {
  // Bounded like the observation schema's vendor field (1-120 characters), so every entry fits it.
  if (typeof value !== "string" || value.trim() !== value || value.length < 1 || value.length > 120) {
    throw new Error(`tracker catalogue: ${where}.vendor must be a trimmed string of 1-120 characters`);
  }
  return value;
}
