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

const encoder = new TextEncoder();

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Turns a caller, resource, IP or key identifier into the token a counter key carries, so no raw API key or
 * IP address is ever written to a counter store. WebCrypto (not node:crypto) keeps core portable. 128 bits
 * of the digest are kept: collisions stay out of reach and keys stay short.
 */
export function createIdentifierHasher(options: IdentifierHasherOptions = {}): IdentifierHasher {
  const { secret } = options;
  const hmacKey =
    secret === undefined
      ? undefined
      : crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async ({ kind, value }) => {
    const data = encoder.encode(`${kind}\u0000${value}`);
    const digest =
      hmacKey === undefined ? await crypto.subtle.digest("SHA-256", data) : await crypto.subtle.sign("HMAC", await hmacKey, data);
    return toHex(new Uint8Array(digest, 0, 16));
  };
}
