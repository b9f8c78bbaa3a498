import { createHash, createHmac } from "node:crypto";

/** What an identifier is; part of the hashed input, so equal strings in different roles hash apart. */
export type IdentifierKind = "caller" | "resource" | "ip" | "key";

export interface IdentifierHasherOptions {
  /**
   * HMAC secret. Strongly recommended in production: an unkeyed SHA-256 of an IPv4 address can be reversed
   * by hashing all 2^32 of them. Every process sharing a counter store must use the same secret.
   */
  readonly secret?: string;
}

export type IdentifierHasher = (input: { kind: IdentifierKind; value: string }) => Promise<string>;

/**
 * Turns a caller, resource, IP or key identifier into the token a counter key carries, so no raw API key or
 * IP address is ever written to a counter store. 128 bits of the digest are kept: collisions stay out of
 * reach and keys stay short. node:crypto's synchronous hashes, not WebCrypto: every request hashes several
 * identifiers, and WebCrypto's thread-pool round trips made them most of a read's cost (BENCHMARKS.md).
 */
export function createIdentifierHasher(options: IdentifierHasherOptions = {}): IdentifierHasher {
  const { secret } = options;
  return ({ kind, value }) => {
    const digest = secret === undefined ? createHash("sha256") : createHmac("sha256", secret);
    return Promise.resolve(digest.update(`${kind}\u0000${value}`, "utf8").digest("hex").slice(0, 32));
  };
}
