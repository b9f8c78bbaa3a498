import { readFile, stat } from "node:fs/promises";

/** The vendor names of an IAB Global Vendor List, by TCF vendor id. */
export interface TcfVendorList {
  /** The list's `vendorListVersion`. */
  version: number;
  names: ReadonlyMap<number, string>;
}

/** The largest file read: the whole GVL v3 is about 2 MB. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Vendor ids are 16-bit in a TC string; the list has about a thousand. */
const MAX_VENDORS = 10_000;
const MAX_VENDOR_ID = 65_535;
const MAX_NAME_CHARS = 120;

/**
 * Reads an IAB Global Vendor List (`vendor-list.json`, GVL version 2 or 3) that the operator supplies. The
 * GVL is published under IAB Europe's terms, which do not let this project ship a copy, so vendor names come
 * only from a file the operator downloaded under those terms. Throws with the reason when the file is not a
 * vendor list: a misconfigured path must fail at start, not give scans without names.
 */
export async function loadTcfVendorList(url: URL): Promise<TcfVendorList> {
  const { size } = await stat(url);
  if (size > MAX_FILE_BYTES) throw new Error(`the TCF vendor list is ${size} bytes, over the ${MAX_FILE_BYTES}-byte limit`);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(url, "utf8"));
  } catch (error) {
    throw new Error(`the TCF vendor list is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return parseTcfVendorList(json);
}

/**
 * The vendor names of a parsed GVL: each vendor's `name` under its numeric id, control characters removed,
 * cut at 120 characters; vendors without a usable id or name are left out.
 */
export function parseTcfVendorList(json: unknown): TcfVendorList {
  if (typeof json !== "object" || json === null) throw new Error("the TCF vendor list is not a JSON object");
  const { vendorListVersion, vendors } = json as Record<string, unknown>;
  if (!Number.isInteger(vendorListVersion) || (vendorListVersion as number) < 1) {
    throw new Error("the TCF vendor list has no vendorListVersion");
  }
  if (typeof vendors !== "object" || vendors === null) throw new Error("the TCF vendor list has no vendors object");
  const entries = Object.entries(vendors as Record<string, unknown>);
  if (entries.length > MAX_VENDORS) throw new Error(`the TCF vendor list has ${entries.length} vendors, over ${MAX_VENDORS}`);
  const names = new Map<number, string>();
  for (const [key, vendor] of entries) {
    const id = Number(key);
    if (!Number.isInteger(id) || id < 1 || id > MAX_VENDOR_ID || typeof vendor !== "object" || vendor === null) continue;
    const name = (vendor as Record<string, unknown>).name;
    if (typeof name !== "string") continue;
    // Control characters are what is removed; a character-code test keeps the pattern free of them.
    const clean = [...name]
      .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
      .join("")
      .trim()
      .slice(0, MAX_NAME_CHARS);
    if (clean.length > 0) names.set(id, clean);
  }
  return { version: vendorListVersion as number, names };
}
