import type { DynamoItems } from "./create-dynamo-items.js";

/** What the record a claim names says about the claimed value. */
export type ClaimHolder = "holds" | "missing" | "other";

export interface ClaimUniqueValueInput {
  readonly items: DynamoItems;
  /** The claim item's key: `hash#<sha256>`, `email#<email>`. */
  readonly pk: string;
  /** The attribute naming the record that holds the value: `keyId`, `accountId`. */
  readonly field: string;
  /** The id of the record about to be written with this value. */
  readonly id: string;
  /** Whether the record `id` names carries the value, is missing, or carries another one. */
  readonly holder: (id: string) => Promise<ClaimHolder>;
  /** How long a claim whose record is missing counts as a create in progress. */
  readonly claimTimeoutMs: number;
}

/**
 * Claims a value that must belong to one record (a token hash, an email) before that record is written: the
 * claim item `pk` → `{ [field]: id, claimedAt }` is written with `attribute_not_exists`. Answers whether the
 * caller may go on and write its record. An existing claim is:
 * - the caller's own (same id) when its record is not stored yet: a create that stopped between its writes,
 *   or an SDK retry; go on.
 * - held, when the record it names carries the value: refused.
 * - stale, when that record carries another value (a create that lost its id and died before giving the
 *   claim back), or is missing longer than `claimTimeoutMs` after the claim (one that died before writing
 *   it): replaced with a PutItem conditional on the claim being unchanged, so one caller wins it.
 * - a create in progress (missing record, fresh claim): refused, as that create will most likely win.
 */
export async function claimUniqueValue(input: ClaimUniqueValueInput): Promise<boolean> {
  const { items, pk, field, id } = input;
  const item = { pk, [field]: id, claimedAt: Date.now() };
  if ((await items.put(item, { expression: "attribute_not_exists(pk)" })).written) return true;
  const existing = await items.get(pk);
  if (existing === undefined) return (await items.put(item, { expression: "attribute_not_exists(pk)" })).written;
  const named = existing[field] as string;
  const holder = await input.holder(named);
  if (named === id) return holder === "missing";
  const stale = holder === "other" || (holder === "missing" && Date.now() - Number(existing.claimedAt ?? 0) >= input.claimTimeoutMs);
  if (!stale) return false;
  const unchanged =
    existing.claimedAt === undefined
      ? { expression: "#field = :named AND attribute_not_exists(claimedAt)", names: { "#field": field }, values: { ":named": named } }
      : {
          expression: "#field = :named AND claimedAt = :claimedAt",
          names: { "#field": field },
          values: { ":named": named, ":claimedAt": existing.claimedAt },
        };
  return (await items.put({ ...item, claimedAt: Date.now() }, unchanged)).written;
}
