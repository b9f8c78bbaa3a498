import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** Characters after the prefix: 32 of 62 symbols, about 190 bits. */
const SECRET_LENGTH = 32;
/** Characters of the secret kept, with the prefix, as `tokenPrefix`. */
const SHOWN = 6;

/**
 * The symbol a random byte stands for, or null when the byte must be dropped: 248 = 4 * 62, so bytes at
 * or above it are rejected and every symbol is equally likely (a plain `% 62` would favour the first 8).
 */
export function toTokenSymbol(byte: number): string | null {
  return byte < 248 ? ALPHABET[byte % 62]! : null;
}

/**
 * A new token `<prefix><32 random base62 characters>`, from the system's CSPRNG without modulo bias.
 * `random` is the byte source (tests pass a scripted one).
 */
export function generateApiKeyToken(prefix: string, random: (size: number) => Uint8Array = randomBytes): string {
  let secret = "";
  while (secret.length < SECRET_LENGTH) {
    for (const byte of random(SECRET_LENGTH * 2)) {
      const symbol = toTokenSymbol(byte);
      if (symbol !== null && secret.length < SECRET_LENGTH) secret += symbol;
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
