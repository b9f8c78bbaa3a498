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
const SALT_LENGTH = 16;

/**
 * The most work a hash may ask for: twice the default's memory (128 * N * r bytes: 256 MiB) and four times
 * its CPU (N * r * p), so the default can be raised a step. A stored hash names its own settings, and a
 * damaged record asking for gigabytes must fail like a wrong password, not stall or exhaust the server.
 */
const MAX_MEMORY_FACTOR = 2 * DEFAULT_PASSWORD_HASH_COST.N * DEFAULT_PASSWORD_HASH_COST.r;
const MAX_WORK_FACTOR = 4 * DEFAULT_PASSWORD_HASH_COST.N * DEFAULT_PASSWORD_HASH_COST.r * DEFAULT_PASSWORD_HASH_COST.p;

/** Whether scrypt accepts these settings (N a power of two above 1) and they stay within the bounds above. */
function isSupportedCost({ N, r, p }: PasswordHashCost): boolean {
  return (
    [N, r, p].every((value) => Number.isSafeInteger(value) && value > 0) &&
    N > 1 &&
    Number.isInteger(Math.log2(N)) &&
    N * r <= MAX_MEMORY_FACTOR &&
    N * r * p <= MAX_WORK_FACTOR
  );
}

function derive(password: string, salt: Buffer, cost: PasswordHashCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error === null ? resolve(key) : reject(error))),
      ),
  );
}

/**
 * At most two hashes at a time in this process: scrypt runs on libuv's thread pool (4 threads by default),
 * which file and DNS work share, and at 128 MiB each, a burst of sign-ins must queue rather than starve
 * the rest of the server or its memory.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** Hashes a password into a self-describing string: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string, cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  // verifyPassword refuses settings out of bounds, so a hash made with them would never verify.
  if (!isSupportedCost(cost)) throw new RangeError(`unsupported scrypt settings ${JSON.stringify(cost)}`);
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Checks a password against a stored hash in constant time. A malformed hash never matches (and never
 * throws): a damaged record must not let anyone in.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = typeof stored === "string" ? stored.split("$") : [];
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map((field) => (/^[1-9]\d{0,9}$/.test(field) ? Number(field) : Number.NaN)) as [
    number,
    number,
    number,
  ];
  const [salt, expected] = parts.slice(4).map((field) => Buffer.from(/^[\w-]+$/.test(field) ? field : "", "base64url")) as [Buffer, Buffer];
  if (!isSupportedCost({ N, r, p }) || salt.length < SALT_LENGTH || expected.length !== KEY_LENGTH) return false;
  try {
    return timingSafeEqual(await derive(password, salt, { N, r, p }), expected);
  } catch {
    // The checks above should leave scrypt nothing to refuse; if it still does, the hash does not match.
    return false;
  }
}

/** Whether a stored hash uses weaker settings than `cost` (rehash it at the next successful sign-in). */
export function needsRehash(stored: string, cost: PasswordHashCost = DEFAULT_PASSWORD_HASH_COST): boolean {
  const [kind, N, r, p] = stored.split("$");
  return kind !== "scrypt" || Number(N) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}
