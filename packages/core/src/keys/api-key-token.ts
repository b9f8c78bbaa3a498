import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Characters after the prefix: 32 of 62 symbols, about 190 bits. */
const SECRET_LENGTH = 32;
/** Characters of the secret kept, with the prefix, as `tokenPrefix`. */
const SHOWN = 6;

/** A new token `<prefix><32 random base62 characters>`, from the system's CSPRNG without modulo bias. */
export function generateApiKeyToken(prefix: string): string {
  let secret = "";
  while (secret.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH * 2)) {
      // 248 = 4 * 62: bytes at or above it are dropped so every symbol is equally likely.
      if (byte < 248 && secret.length < SECRET_LENGTH) secret += ALPHABET[byte % 62];
    }
  }
  return `${prefix}${secret}`;
}

/** SHA-256 of a token, hex: the only form in which a key is stored. */
export function hashApiKeyToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The shown leading part of a token. */
export function tokenPrefixOf(token: string, prefix: string): string {
  return token.slice(0, prefix.length + SHOWN);
}

/** Compares two hex hashes in constant time. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
