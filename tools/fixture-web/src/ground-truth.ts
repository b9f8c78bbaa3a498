/** What a site really does before consent, written by hand next to its pages (`sites/<id>/ground-truth.json`). */
export interface GroundTruth {
  preConsent: {
    /** `domain` is the cookie's domain without a leading dot, as the browser reports it. */
    cookies: Array<{ name: string; domain: string }>;
    storage: Array<{ kind: StorageKind; originHost: string; name: string }>;
    /** Vendor names of `TRACKER_HOSTS`. */
    trackerVendors: string[];
    trackerHosts: string[];
  };
}

export type StorageKind = "local_storage" | "session_storage" | "indexed_db";

const STORAGE_KINDS: readonly string[] = ["local_storage", "session_storage", "indexed_db"] satisfies StorageKind[];

/**
 * Checks a parsed ground-truth file against `GroundTruth`, strictly: an unknown key is an error, because a
 * misspelt key in a hand-written file would otherwise silently drop an expectation.
 */
export function parseGroundTruth(value: unknown): GroundTruth {
  const root = record(value, "$", ["preConsent"]);
  const pre = record(root.preConsent, "$.preConsent", ["cookies", "storage", "trackerVendors", "trackerHosts"]);
  return {
    preConsent: {
      cookies: list(pre.cookies, "$.preConsent.cookies").map((item, index) => {
        const cookie = record(item, `$.preConsent.cookies[${index}]`, ["name", "domain"]);
        return {
          name: text(cookie.name, `$.preConsent.cookies[${index}].name`),
          domain: host(cookie.domain, `$.preConsent.cookies[${index}].domain`),
        };
      }),
      storage: list(pre.storage, "$.preConsent.storage").map((item, index) => {
        const where = `$.preConsent.storage[${index}]`;
        const entry = record(item, where, ["kind", "originHost", "name"]);
        const kind = text(entry.kind, `${where}.kind`);
        if (!STORAGE_KINDS.includes(kind)) throw new Error(`${where}.kind: expected one of ${STORAGE_KINDS.join(", ")}`);
        return {
          kind: kind as StorageKind,
          originHost: host(entry.originHost, `${where}.originHost`),
          name: text(entry.name, `${where}.name`),
        };
      }),
      trackerVendors: list(pre.trackerVendors, "$.preConsent.trackerVendors").map((item, index) =>
        text(item, `$.preConsent.trackerVendors[${index}]`),
      ),
      trackerHosts: list(pre.trackerHosts, "$.preConsent.trackerHosts").map((item, index) =>
        host(item, `$.preConsent.trackerHosts[${index}]`),
      ),
    },
  };
}

function record(value: unknown, where: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${where}: expected an object`);
  const actual = Object.keys(value);
  const unknown = actual.filter((key) => !keys.includes(key));
  if (unknown.length > 0) throw new Error(`${where}: unknown key ${unknown.join(", ")}`);
  const missing = keys.filter((key) => !actual.includes(key));
  if (missing.length > 0) throw new Error(`${where}: missing key ${missing.join(", ")}`);
  return value as Record<string, unknown>;
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where}: expected an array`);
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string" || value.length === 0) throw new Error(`${where}: expected a non-empty string`);
  return value;
}

/** Lower-case host name without a leading dot or port: the form the scanner reports. */
function host(value: unknown, where: string): string {
  const name = text(value, where);
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(name)) {
    throw new Error(`${where}: expected a lower-case host name without a leading dot, got ${JSON.stringify(name)}`);
  }
  return name;
}
