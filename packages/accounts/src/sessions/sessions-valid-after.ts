import type { Keyv } from "keyv";

/**
 * How long a cut-off is kept: past the longest session of either kind (dashboard and authorization server,
 * 12 hours each) and a refresh token's life (14 days), every older session and token has expired anyway.
 */
const CUT_OFF_KEPT_MS = 15 * 24 * 3600_000;

const cutOffKey = (accountId: string) => `account:sessions_after:${accountId}`;

/**
 * Ends every session and sign-in of the account made before `at` (epoch ms): dashboard sessions, the
 * authorization server's sign-in and the refresh tokens of its grants all check the cut-off (a password reset
 * sets it). Kept in the documents store, beside the sessions it ends.
 */
export async function endSessionsBefore(documents: Keyv, input: { accountId: string; at: number }): Promise<void> {
  await documents.set(cutOffKey(input.accountId), input.at, CUT_OFF_KEPT_MS);
}

/** The account's cut-off (epoch ms): sessions and tokens from before it are over; 0 when there is none. */
export async function sessionsValidAfter(documents: Keyv, accountId: string): Promise<number> {
  const at = await documents.get<number>(cutOffKey(accountId));
  return typeof at === "number" ? at : 0;
}
