/**
 * Readers of ground-truth JSON fields: each checks one value's shape and says where it is wrong, so a typo
 * in a site's `ground-truth.json` fails the fixture web's start with its path. Shared by the parsers of
 * every part of the ground truth (pre-consent, phases, transport, privacy).
 */

export type StorageKind = "local_storage" | "session_storage" | "indexed_db";

export function flag(value: unknown, where: string): boolean {
  if (typeof value !== "boolean") throw new Error(`${where}: expected true or false`);
  return value;
}

export function record(value: unknown, where: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${where}: expected an object`);
  const actual = Object.keys(value);
  const unknown = actual.filter((key) => !keys.includes(key));
  if (unknown.length > 0) throw new Error(`${where}: unknown key ${unknown.join(", ")}`);
  const missing = keys.filter((key) => !actual.includes(key));
  if (missing.length > 0) throw new Error(`${where}: missing key ${missing.join(", ")}`);
  return value as Record<string, unknown>;
}

export function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where}: expected an array`);
  return value;
}

export function text(value: unknown, where: string): string {
  if (typeof value !== "string" || value.length === 0) throw new Error(`${where}: expected a non-empty string`);
  return value;
}

/** Lower-case host name without a leading dot or port: the form the scanner reports. */
export function host(value: unknown, where: string): string {
  const name = text(value, where);
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(name)) {
    throw new Error(`${where}: expected a lower-case host name without a leading dot, got ${JSON.stringify(name)}`);
  }
  return name;
}
