/**
 * A TC string crafted to make a range-expanding decoder stall: version 2, zeros up to the vendor consent
 * section, then `entries` ranges of ids 1..65535 each, then an empty legitimate-interest section. The IAB
 * Tech Lab's decoder sets entries x 65,535 ids for it; a bounded decoder counts 65,535.
 */
export function hostileTcString(entries: number): string {
  const header = "000010" + "0".repeat(36 + 36 + 12 + 12 + 6 + 12 + 12 + 6 + 1 + 1 + 12 + 24 + 24 + 1 + 12);
  const range = "1" + "1".padStart(16, "0") + "1".repeat(16);
  const consents = "1".repeat(16) + "1" + entries.toString(2).padStart(12, "0") + range.repeat(entries);
  const legitimateInterests = "0".repeat(16) + "0";
  return toBase64Url(header + consents + legitimateInterests);
}

function toBase64Url(bits: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const padded = bits.padEnd(Math.ceil(bits.length / 6) * 6, "0");
  let text = "";
  for (let index = 0; index < padded.length; index += 6) text += alphabet[parseInt(padded.slice(index, index + 6), 2)];
  return text;
}
