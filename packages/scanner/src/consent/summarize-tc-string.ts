import type { TcfSummary } from "@public-scan/core";
import type { TcfVendorList } from "../classify/load-tcf-vendor-list.js";

/**
 * The longest TC string the scanner decodes. A real one is a few hundred characters (a bit field of every
 * vendor in the Global Vendor List is under 300); 10,000 leaves room for every legitimate encoding while
 * a page cannot hand over megabytes.
 */
export const TC_STRING_MAX_CHARS = 10_000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Range entries a vendor section may declare (its count field has 12 bits). */
const MAX_RANGE_ENTRIES = 4095;
/** Vendors named per list at most: the counts stay exact, the names are for a reader. */
export const MAX_NAMED_VENDORS = 100;

/**
 * Decodes the core segment of an IAB TCF v2 TC string into counts and purpose ids: who wrote it (CMP id and
 * version), under which policy, which purposes it grants by consent and by legitimate interest, and how many
 * vendors; and, from the disclosed-vendors segment, how many vendors the visitor was asked about. Null when
 * it is not a well-formed v2 string;
 * the string itself is dropped either way.
 *
 * The TC string comes from the scanned page, so this decoder is bounded in time and memory by its input's
 * length, which is capped first: vendor ranges are counted as merged intervals, never expanded id by id.
 * (The IAB Tech Lab's decoder expands every range, so a page could make one decode take minutes of the
 * service's only thread.) The field layout follows the TCF v2 specification and matches that decoder's
 * counts on every string its encoder produces (see the property test).
 */
export function summarizeTcString(tcString: unknown, vendorList: TcfVendorList | null = null): TcfSummary | null {
  if (typeof tcString !== "string" || tcString.length === 0 || tcString.length > TC_STRING_MAX_CHARS) return null;
  // The core segment, then at most the three optional segments TCF defines (disclosed vendors, allowed vendors, publisher).
  const [core = "", ...segments] = tcString.split(".", 4);
  if (!BASE64URL.test(core)) return null;
  const bits = createBitReader(core);
  try {
    if (bits.int(6) !== 2) return null;
    bits.skip(36 + 36); // created, last updated
    const cmpId = bits.int(12);
    const cmpVersion = bits.int(12);
    bits.skip(6 + 12 + 12); // consent screen, consent language, vendor list version
    const tcfPolicyVersion = bits.int(6);
    const isServiceSpecific = bits.int(1) === 1;
    bits.skip(1); // use non-standard texts
    const specialFeatureOptins = bits.ones(12);
    const purposeConsentIds = bits.setIds(24);
    const purposeLegitimateInterestIds = bits.setIds(24);
    bits.skip(1 + 12); // purpose one treatment, publisher country
    const vendorConsents = readVendors(bits);
    const vendorLegitimateInterests = readVendors(bits);
    return {
      cmpId,
      cmpVersion,
      tcfPolicyVersion,
      isServiceSpecific,
      purposeConsents: purposeConsentIds.length,
      purposeLegitimateInterests: purposeLegitimateInterestIds.length,
      specialFeatureOptins,
      vendorConsents: vendorConsents.count,
      vendorLegitimateInterests: vendorLegitimateInterests.count,
      purposeConsentIds,
      purposeLegitimateInterestIds,
      vendorsDisclosed: countDisclosedVendors(segments),
      ...(vendorList === null
        ? {}
        : {
            vendorListVersion: vendorList.version,
            vendorConsentNames: namesOf(vendorConsents, vendorList),
            vendorLegitimateInterestNames: namesOf(vendorLegitimateInterests, vendorList),
          }),
    };
  } catch {
    return null;
  }
}

/** Segment type 1 of a TC string: the vendors the CMP disclosed to the visitor (TCF 2.2 requires it). */
const DISCLOSED_VENDORS_SEGMENT = 1;

/**
 * How many vendors the disclosed-vendors segment lists (the vendors the visitor was asked about); null when
 * the string has no such segment or it is malformed. A malformed optional segment leaves the core's counts as they are.
 */
function countDisclosedVendors(segments: readonly string[]): number | null {
  for (const segment of segments) {
    if (!BASE64URL.test(segment)) continue;
    const bits = createBitReader(segment);
    try {
      if (bits.int(3) === DISCLOSED_VENDORS_SEGMENT) return readVendors(bits).count;
    } catch {
      return null;
    }
  }
  return null;
}

/** A vendor section read: how many vendors it holds, and whether it holds one. */
interface VendorSet {
  count: number;
  has(id: number): boolean;
}

/** A vendor section: a bit field of `maxVendorId` bits, or range entries of single ids and id ranges. */
function readVendors(bits: BitReader): VendorSet {
  const maxVendorId = bits.int(16);
  if (bits.int(1) === 0) {
    const start = bits.position();
    const count = bits.ones(maxVendorId);
    return { count, has: (id) => id >= 1 && id <= maxVendorId && bits.bitAt(start + id - 1) === 1 };
  }
  const entries = bits.int(12);
  if (entries > MAX_RANGE_ENTRIES) throw new Error("too many range entries");
  const ranges: Array<[number, number]> = [];
  for (let entry = 0; entry < entries; entry++) {
    const isRange = bits.int(1) === 1;
    const first = bits.int(16);
    const last = isRange ? bits.int(16) : first;
    if (last >= first) ranges.push([first, last]);
  }
  const merged = mergeRanges(ranges);
  return { count: merged.reduce((sum, [first, last]) => sum + last - first + 1, 0), has: (id) => inRanges(merged, id) };
}

/** The ranges merged where they overlap or touch, in order: O(n log n), never expanded id by id. */
function mergeRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [first, last] of ranges) {
    const previous = merged.at(-1);
    if (previous !== undefined && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else merged.push([first, last]);
  }
  return merged;
}

/** Binary search of merged ranges. */
function inRanges(merged: ReadonlyArray<readonly [number, number]>, id: number): boolean {
  let low = 0;
  let high = merged.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = merged[middle]!;
    if (id < first) high = middle - 1;
    else if (id > last) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * The names the operator's vendor list gives the vendors of a set, alphabetical, at most
 * `MAX_NAMED_VENDORS`: the list's ids are walked (about a thousand), never the string's ranges.
 */
function namesOf(vendors: VendorSet, list: TcfVendorList): string[] {
  const names: string[] = [];
  for (const [id, name] of list.names) if (vendors.has(id)) names.push(name);
  return names.sort((a, b) => a.localeCompare(b)).slice(0, MAX_NAMED_VENDORS);
}

interface BitReader {
  int(width: number): number;
  /** The index of the next bit to read. */
  position(): number;
  /** The bit at an index already read past (0 or 1). */
  bitAt(index: number): number;
  ones(width: number): number;
  /** The 1-based positions of the set bits of a `width`-bit field (a TC string's purpose ids). */
  setIds(width: number): number[];
  skip(width: number): void;
}

/** Reads bits from base64url text, most significant first; throws when a field runs past the end. */
function createBitReader(text: string): BitReader {
  const total = text.length * 6;
  let position = 0;
  const bit = (index: number) => (BASE64URL_ALPHABET.indexOf(text[Math.floor(index / 6)]!) >> (5 - (index % 6))) & 1;
  const take = (width: number) => {
    if (position + width > total) throw new Error("TC string ends inside a field");
    const start = position;
    position += width;
    return start;
  };
  return {
    position: () => position,
    bitAt: (index) => (index >= 0 && index < total ? bit(index) : 0),
    int(width) {
      const start = take(width);
      let value = 0;
      for (let index = start; index < start + width; index++) value = value * 2 + bit(index);
      return value;
    },
    ones(width) {
      const start = take(width);
      let count = 0;
      for (let index = start; index < start + width; index++) count += bit(index);
      return count;
    },
    setIds(width) {
      const start = take(width);
      const ids: number[] = [];
      for (let index = start; index < start + width; index++) if (bit(index) === 1) ids.push(index - start + 1);
      return ids;
    },
    skip(width) {
      take(width);
    },
  };
}
