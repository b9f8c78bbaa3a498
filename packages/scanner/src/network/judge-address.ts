import { classifyParsedAddress } from "./classify-address.js";
import type { EgressRefusal } from "./egress-decision.js";
import type { IpAddress } from "./parse-ip-address.js";

export interface AddressPolicy {
  /** The host is an IP literal: its own address, or a rule's, needs the literal named exactly. */
  hostIsLiteral: boolean;
  /** The address came from a resolve rule rather than from the literal or a lookup. */
  fromRule: boolean;
  /** An exact `allowPrivateTargets` pattern names the host. */
  namedExactly: boolean;
  /** Some `allowPrivateTargets` pattern, wildcard or exact, matches the host. */
  matchesPattern: boolean;
}

/**
 * Decides one address: `undefined` when it may be reached, else the refusal. Wildcards may open private
 * ranges for names (the fixture web, a staging network), but never metadata services and never raw IP
 * literals: those two are how SSRF payloads are written, so they need a deliberate exact entry.
 */
export function judgeAddress(address: IpAddress, policy: AddressPolicy): EgressRefusal | undefined {
  const addressClass = classifyParsedAddress(address);
  if (addressClass === "public") return undefined;
  if (addressClass === "metadata") return policy.namedExactly ? undefined : "metadata_address";
  if (policy.hostIsLiteral) {
    if (policy.namedExactly) return undefined;
    return policy.fromRule ? "private_address" : "ip_literal_private";
  }
  return policy.matchesPattern ? undefined : "private_address";
}
