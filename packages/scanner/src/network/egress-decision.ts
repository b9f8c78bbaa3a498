/**
 * Why the egress guard refused a target. Callers show these codes (never the URL) and tests assert them.
 */
export const EGRESS_REFUSALS = [
  "invalid_host", // not a bare host name or IP address
  "invalid_port", // not an integer from 0 to 65535
  "unresolvable", // the lookup failed or returned nothing usable
  "metadata_host", // a well-known cloud-metadata host name
  "metadata_address", // an address of a cloud-metadata service
  "ip_literal_private", // a non-public IP literal not named exactly in allowPrivateTargets
  "private_address", // a name (or a resolve rule) leading to a non-public address, not allowed by a pattern
] as const;

export type EgressRefusal = (typeof EGRESS_REFUSALS)[number];

/**
 * The guard's answer. An allowed decision pins the address to connect to: connecting to anything else
 * (for example by resolving the name again) would reopen the DNS-rebinding hole the guard closes.
 */
export type EgressDecision = { allowed: true; address: string; family: 4 | 6; port: number } | { allowed: false; reason: EgressRefusal };

export interface EgressTarget {
  host: string;
  /** The port to connect to; 0 means "not known yet" (the lookup path, see `createGuardedLookup`). */
  port: number;
}
