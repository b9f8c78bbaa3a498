import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt cost settings. The default is OWASP's recommendation for scrypt (N=2^17, r=8, p=1: 128 MiB and
 * roughly a tenth of a second per hash), so a stolen table is expensive to guess against. Tests pass a
 * cheaper one; a stored hash names its own settings, so raising them later only affects new hashes.
 */
export interface PasswordHashCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: PasswordHashCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error === null ? resolve(key) : reject(error))),
  );
}

/** Hashes a password into a self-describing string: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string, cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Checks a password against a stored hash in constant time. A malformed hash never matches (and never
 * throws): a damaged record must not let anyone in.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, { N, r, p });
  return timingSafeEqual(key, expected);
}

/** Whether a stored hash uses weaker settings than `cost` (rehash it at the next successful sign-in). */
export function needsRehash(stored: string, cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST): boolean {
  const [kind, N, r, p] = stored.split("$");
  return kind !== "scrypt" || Number(N) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}
