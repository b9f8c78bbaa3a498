import type { AuditEvent } from "@public-scan/core";

/** A valid AuditEvent for the conformance suite: a key issuance with every hash set; `overrides` replace any field. */
export function createTestAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    at: "2026-11-23T10:00:00.000Z",
    action: "key_issued",
    outcome: "allowed",
    reason: null,
    keyId: "key_a",
    subjectHash: "a".repeat(64),
    networkHash: "b".repeat(64),
    ...overrides,
  };
}
