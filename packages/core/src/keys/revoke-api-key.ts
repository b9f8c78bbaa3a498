import type { AuditLog } from "../ports/audit-log.js";
import type { Clock } from "../ports/clock.js";
import type { KeyStore } from "../ports/key-store.js";

/**
 * Revokes a key (operator or owner action): it stops authenticating at once. Audited; revoking an unknown
 * or already revoked key changes nothing and says so.
 */
export async function revokeApiKey(
  deps: { keys: KeyStore; audit: AuditLog; clock: Clock },
  input: { keyId: string },
): Promise<{ revoked: boolean }> {
  const at = new Date(deps.clock.now()).toISOString();
  const revoked = await deps.keys.revoke(input.keyId, at);
  if (revoked)
    await deps.audit.append({
      at,
      action: "key_revoked",
      outcome: "allowed",
      reason: null,
      keyId: input.keyId,
      subjectHash: null,
      networkHash: null,
    });
  return { revoked };
}
