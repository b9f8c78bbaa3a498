import type { PolicyTextLength } from "@public-scan/core";

/** The bucket of a text's length in characters: enough to tell a stub from a full policy, nothing more. */
export function toTextLength(length: number): PolicyTextLength {
  if (length < 1000) return "under_1k";
  if (length < 5000) return "1k_to_5k";
  if (length < 20_000) return "5k_to_20k";
  return "over_20k";
}
