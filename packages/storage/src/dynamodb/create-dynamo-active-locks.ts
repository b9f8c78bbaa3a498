import { randomUUID } from "node:crypto";
import type { ScanRecord } from "@public-scan/core";
import type { DynamoItem, DynamoItems, DynamoWriteResult } from "./create-dynamo-items.js";
import { activeLockKey, fromDynamoScanItem, isActiveStatus, scanItemKey } from "./to-dynamo-scan-item.js";

/** What a claim on a target's lock found. `holder: null`: another caller's claim whose record is not written yet. */
export type LockClaim =
  { readonly claimed: true; readonly token: string } | { readonly claimed: false; readonly holder: ScanRecord | null };

/** Bounds the claim loop; each turn either writes, finds an active holder, or waits for a claim in progress. */
const MAX_TURNS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The lock item of each target with an active scan: `active#<targetKey>` → { scanId, claimedAt, token }. It
 * is what makes createIfNoActive one atomic step without transactions (dynalite has none, and a transaction
 * would cost twice): of concurrent claims, the one whose `attribute_not_exists` PutItem lands wins. The
 * record is a second write, so a lock may point to a record that is missing (a claim in progress, or a
 * claimant that died before writing it) or no longer active (a worker that died between ending the scan
 * and releasing the lock). Such a lock is stale, except a missing record within `claimTimeoutMs` of the
 * claim (its record is on the way): a stale lock is replaced by a PutItem conditional on its `token`, so
 * of several callers repairing one lock exactly one wins.
 */
export function createDynamoActiveLocks(input: { items: DynamoItems; claimTimeoutMs: number }) {
  const { items, claimTimeoutMs } = input;

  const holderOf = async (lock: DynamoItem) => fromDynamoScanItem(await items.get(scanItemKey(lock.scanId as string)));

  /** A write whose condition failed after an SDK retry may have been ours: the token tells. */
  async function wroteLock(result: DynamoWriteResult, targetKey: string, token: string): Promise<boolean> {
    if (result.written) return true;
    return result.retried && (await items.get(activeLockKey(targetKey)))?.token === token;
  }

  async function write(targetKey: string, scanId: string, replacing?: string): Promise<LockClaim | undefined> {
    const token = randomUUID();
    const item = { pk: activeLockKey(targetKey), scanId, claimedAt: Date.now(), token };
    const condition =
      replacing === undefined
        ? { expression: "attribute_not_exists(pk)" }
        : { expression: "#token = :token", names: { "#token": "token" }, values: { ":token": replacing } };
    return (await wroteLock(await items.put(item, condition), targetKey, token)) ? { claimed: true, token } : undefined;
  }

  return {
    /**
     * Makes `scanId` the target's active scan unless another active scan holds the lock. `wait`: when the lock
     * is a fresh claim whose record is not written yet, wait for it (createIfNoActive must name the active
     * scan); otherwise answer `holder: null` at once.
     */
    async claim(targetKey: string, scanId: string, options: { wait: boolean }): Promise<LockClaim> {
      for (let turn = 0; turn < MAX_TURNS; turn += 1) {
        const claimed = await write(targetKey, scanId);
        if (claimed !== undefined) return claimed;
        const lock = await items.get(activeLockKey(targetKey));
        if (lock === undefined) continue; // released meanwhile: claim again
        const holder = await holderOf(lock);
        if (holder !== null && isActiveStatus(holder.status)) return { claimed: false, holder };
        if (holder === null && Date.now() - Number(lock.claimedAt) < claimTimeoutMs) {
          if (!options.wait) return { claimed: false, holder: null };
          await sleep(Math.min(5 * 2 ** Math.min(turn, 6), 200) * Math.random());
          continue;
        }
        const replaced = await write(targetKey, scanId, lock.token as string);
        if (replaced !== undefined) return replaced;
      }
      throw new Error("DynamoDB scan store: the target's lock kept changing; try again");
    },

    /** The target's lock, if it points to an active record: that record. */
    async holder(targetKey: string): Promise<ScanRecord | null> {
      const lock = await items.get(activeLockKey(targetKey));
      const holder = lock === undefined ? null : await holderOf(lock);
      return holder !== null && isActiveStatus(holder.status) ? holder : null;
    },

    /**
     * Called after `scanId` left the active statuses (or was discarded): if it holds the lock, hand the lock to
     * the target's next active scan (the oldest one the index lists, read back from the table), or delete it.
     * Conditional on the lock's token: a lock another caller moved meanwhile is left alone.
     */
    async release(targetKey: string, scanId: string): Promise<void> {
      const lock = await items.get(activeLockKey(targetKey));
      if (lock?.scanId !== scanId) return;
      const candidates = await items.queryKeys({ index: "active-by-target", partition: { name: "activeTarget", value: targetKey } });
      for (const pk of candidates) {
        if (pk === scanItemKey(scanId)) continue;
        const candidate = fromDynamoScanItem(await items.get(pk));
        if (candidate !== null && isActiveStatus(candidate.status)) {
          await write(targetKey, candidate.scanId, lock.token as string);
          return;
        }
      }
      await items.delete(activeLockKey(targetKey), {
        expression: "#token = :token",
        names: { "#token": "token" },
        values: { ":token": lock.token },
      });
    },

    /** Removes this caller's own claim (its record could not be written); conditional on the claim's token. */
    async abandon(targetKey: string, token: string): Promise<void> {
      await items.delete(activeLockKey(targetKey), {
        expression: "#token = :token",
        names: { "#token": "token" },
        values: { ":token": token },
      });
    },

    /** Whether the claim with `token` still holds the lock (it may have been taken over as stale). */
    async stillHeld(targetKey: string, token: string): Promise<boolean> {
      return (await items.get(activeLockKey(targetKey)))?.token === token;
    },
  };
}

export type DynamoActiveLocks = ReturnType<typeof createDynamoActiveLocks>;
