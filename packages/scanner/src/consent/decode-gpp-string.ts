import {
  Sections,
  TcfEuV2,
  UspV1,
  type AbstractLazilyEncodableSection,
  UsCa,
  UsCo,
  UsCt,
  UsDe,
  UsFl,
  UsIa,
  UsIn,
  UsKy,
  UsMd,
  UsMn,
  UsMt,
  UsNat,
  UsNe,
  UsNh,
  UsNj,
  UsOr,
  UsRi,
  UsTn,
  UsTx,
  UsUt,
  UsVa,
} from "@iabgpp/cmpapi";
import type { GppOptOut, GppSection, UspAnswer } from "@public-scan/core";
import { summarizeTcString } from "./summarize-tc-string.js";

/**
 * The longest GPP string the scanner reads. A real one with a TCF EU section is a few hundred characters,
 * its US sections a few dozen each; 10,000 leaves room for every legitimate string while a page cannot hand
 * over megabytes.
 */
export const GPP_STRING_MAX_CHARS = 10_000;
/** The most sections a GPP string may declare; the IAB has registered about 25. */
export const GPP_MAX_SECTIONS = 32;
/** Section ids above this are refused: registered ids are small, and a header range is expanded id by id. */
const MAX_SECTION_ID = 64;
/** A Fibonacci-coded number of more bits than this is far above any section id. */
const MAX_FIBONACCI_BITS = 16;

/** The US sections (national and state), which the IAB's library decodes from fixed-length fields. */
const US_SECTIONS: ReadonlyMap<number, new (encoded: string) => AbstractLazilyEncodableSection> = new Map(
  [UsNat, UsCa, UsVa, UsCo, UsUt, UsCt, UsFl, UsMt, UsOr, UsTx, UsDe, UsIa, UsNe, UsNh, UsNj, UsTn, UsMn, UsMd, UsIn, UsKy, UsRi].map(
    (section) => [section.ID, section],
  ),
);

const OPT_OUT: readonly GppOptOut[] = ["not_applicable", "opted_out", "did_not_opt_out"];

/** A decoded GPP string: each section it declares, in its order; null when the string is not a GPP string. */
export interface DecodedGpp {
  sections: GppSection[];
}

/**
 * Decodes a GPP string into each section's opt-outs (US sections and the US Privacy section, through the
 * IAB's own `@iabgpp/cmpapi` section classes) and the TCF EU section's counts (through the scanner's bounded
 * TC string decoder). The string itself is dropped.
 *
 * The string comes from the scanned page, so the work is bounded before the library sees anything: the
 * length is capped, and the header's section list (a Fibonacci range the library would expand id by id,
 * so a few characters could ask for a billion ids) is read here with its ids and count capped. The TCF
 * sections are never handed to the library, whose vendor ranges expand the same way. A malformed section
 * is reported as not decoded; the others still count.
 */
export function decodeGppString(gppString: unknown): DecodedGpp | null {
  if (typeof gppString !== "string" || gppString.length === 0 || gppString.length > GPP_STRING_MAX_CHARS) return null;
  const [header = "", ...encodedSections] = gppString.split("~", GPP_MAX_SECTIONS + 2);
  const ids = readSectionIds(header);
  if (ids === null || ids.length !== encodedSections.length) return null;
  return { sections: ids.map((id, index) => decodeSection(id, encodedSections[index] ?? "")) };
}

/** Decodes a US Privacy string (`1YNN`) with the IAB's library; null when it is not one. */
export function decodeUspString(uspString: unknown): Omit<UspAnswer, "responded" | "uspString"> | null {
  // The library reads any four characters; the specification allows version 1 and Y, N or - only.
  if (typeof uspString !== "string" || !/^1[YN-]{3}$/.test(uspString)) return null;
  try {
    const section = new UspV1(uspString);
    return {
      notice: toUspFlag(section.getFieldValue("Notice")),
      optOutSale: toUspFlag(section.getFieldValue("OptOutSale")),
      lspaCovered: toUspFlag(section.getFieldValue("LspaCovered")),
    };
  } catch {
    return null;
  }
}

function decodeSection(id: number, encoded: string): GppSection {
  const name = Sections.SECTION_ID_NAME_MAP.get(id) ?? null;
  const empty: GppSection = {
    id,
    name,
    decoded: false,
    saleOptOut: null,
    sharingOptOut: null,
    targetedAdvertisingOptOut: null,
    gpc: null,
    tcf: null,
  };
  if (encoded.trim() === "") return empty;
  if (id === TcfEuV2.ID) {
    const tcf = summarizeTcString(encoded);
    return { ...empty, decoded: tcf !== null, tcf };
  }
  if (id === UspV1.ID) {
    const usp = decodeUspString(encoded);
    if (usp === null) return empty;
    const saleOptOut = usp.optOutSale === "yes" ? "opted_out" : usp.optOutSale === "no" ? "did_not_opt_out" : "not_applicable";
    return { ...empty, decoded: true, saleOptOut };
  }
  const Section = US_SECTIONS.get(id);
  if (Section === undefined) return empty;
  try {
    const section = new Section(encoded);
    const optOut = (field: string) => (section.hasField(field) ? toOptOut(section.getFieldValue(field)) : null);
    // `GpcSegmentIncluded` is no encoded field (the library's hasField says false); the sub-section's presence is.
    const gpcIncluded = encoded.includes(".") && section.hasField("Gpc");
    return {
      ...empty,
      decoded: true,
      saleOptOut: optOut("SaleOptOut"),
      sharingOptOut: optOut("SharingOptOut"),
      targetedAdvertisingOptOut: optOut("TargetedAdvertisingOptOut"),
      gpc: gpcIncluded ? section.getFieldValue("Gpc") === true : null,
    };
  } catch {
    return empty;
  }
}

const toOptOut = (value: unknown): GppOptOut | null => (typeof value === "number" ? (OPT_OUT[value] ?? null) : null);

function toUspFlag(value: unknown): UspAnswer["notice"] {
  if (value === "Y") return "yes";
  if (value === "N") return "no";
  if (value === "-") return "not_applicable";
  return null;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * The header's section ids (GPP v1: type 3, version 1, then a Fibonacci integer range), or null when the
 * header is malformed, declares more than `GPP_MAX_SECTIONS` sections or an id above `MAX_SECTION_ID`.
 */
function readSectionIds(header: string): number[] | null {
  if (header.length > 64 || !BASE64URL.test(header)) return null;
  const bits = [...header].map((char) => BASE64URL_ALPHABET.indexOf(char).toString(2).padStart(6, "0")).join("");
  let at = 0;
  const int = (width: number) => {
    if (at + width > bits.length) throw new RangeError("header ends early");
    const value = Number.parseInt(bits.slice(at, at + width), 2);
    at += width;
    return value;
  };
  const fibonacci = () => {
    const end = bits.indexOf("11", at);
    if (end < 0 || end + 2 - at > MAX_FIBONACCI_BITS) throw new RangeError("bad Fibonacci integer");
    let value = 0;
    for (let index = 0, [a, b] = [1, 2]; at + index <= end; index++, [a, b] = [b, a + b]) {
      if (bits[at + index] === "1") value += a;
    }
    at = end + 2;
    return value;
  };
  try {
    if (int(6) !== 3 || int(6) !== 1) return null;
    const entries = int(12);
    if (entries > GPP_MAX_SECTIONS) return null;
    const ids: number[] = [];
    let offset = 0;
    for (let entry = 0; entry < entries; entry++) {
      const isRange = int(1) === 1;
      const first = (offset += fibonacci());
      const last = isRange ? (offset += fibonacci()) : first;
      if (last > MAX_SECTION_ID || ids.length + last - first + 1 > GPP_MAX_SECTIONS) return null;
      for (let id = first; id <= last; id++) ids.push(id);
    }
    return ids;
  } catch {
    return null;
  }
}
