import * as crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "../src/passwords/hash-password.js";

// Spied on, not replaced: the tests below check that a hostile stored hash never reaches scrypt at all.
vi.mock("node:crypto", async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, scrypt: vi.fn(original.scrypt) };
});

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
const PASSWORD = "correct horse battery staple";

describe("hashPassword and verifyPassword", () => {
  it("verify the password that was hashed, and refuse any other", async () => {
    const stored = await hashPassword(PASSWORD, CHEAP);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salt every hash: one password hashed twice gives two strings, both verifying", async () => {
    const [first, second] = await Promise.all([hashPassword(PASSWORD, CHEAP), hashPassword(PASSWORD, CHEAP)]);
    expect(first).not.toBe(second);
    expect(first.split("$")[4]).not.toBe(second.split("$")[4]);
    expect(await verifyPassword(PASSWORD, first)).toBe(true);
    expect(await verifyPassword(PASSWORD, second)).toBe(true);
  });

  it("use OWASP's scrypt settings by default (N=2^17, r=8, p=1)", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(stored.startsWith("scrypt$131072$8$1$")).toBe(true);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
  });

  it("verify a password typed with a composed accent against one typed with a decomposed accent (NFKC)", async () => {
    const composed = "caf\u00e9 au lait, s'il vous pla\u00eet";
    const decomposed = "cafe\u0301 au lait, s'il vous plai\u0302t";
    expect(composed).not.toBe(decomposed);
    expect(await verifyPassword(decomposed, await hashPassword(composed, CHEAP))).toBe(true);
    expect(await verifyPassword(composed, await hashPassword(decomposed, CHEAP))).toBe(true);
  });
});

describe("verifyPassword on a damaged or hostile stored hash", () => {
  const good = hashPassword(PASSWORD, CHEAP);
  const salt = "c2FsdHNhbHRzYWx0c2FsdA";
  const key = Buffer.alloc(32, 7).toString("base64url");

  const hostile: Array<[string, (stored: string) => string]> = [
    ["an empty string", () => ""],
    ["too few fields", (stored) => stored.split("$").slice(0, 5).join("$")],
    ["too many fields", (stored) => `${stored}$extra`],
    ["another algorithm", (stored) => stored.replace(/^scrypt/, "bcrypt")],
    ["N not a power of two", () => `scrypt$1000$8$1$${salt}$${key}`],
    ["N of 1", () => `scrypt$1$8$1$${salt}$${key}`],
    ["N of 2^30", () => `scrypt$${2 ** 30}$8$1$${salt}$${key}`],
    ["N in hexadecimal", () => `scrypt$0x400$8$1$${salt}$${key}`],
    ["N in exponent notation", () => `scrypt$1.024e3$8$1$${salt}$${key}`],
    ["r of 0", () => `scrypt$1024$0$1$${salt}$${key}`],
    ["p of 0", () => `scrypt$1024$8$0$${salt}$${key}`],
    ["a negative r", () => `scrypt$1024$-8$1$${salt}$${key}`],
    // Each of these alone is within the old per-field bounds; together they ask for gigabytes.
    ["N=2^20 and r=32 (4 GiB)", () => `scrypt$${2 ** 20}$32$1$${salt}$${key}`],
    ["N=2^20, r=8 and p=16", () => `scrypt$${2 ** 20}$8$16$${salt}$${key}`],
    ["a truncated key", (stored) => stored.slice(0, -4)],
    ["a key that is not base64url", (stored) => stored.replace(/[^$]+$/, "!".repeat(43))],
    ["a salt that is not base64url", () => `scrypt$1024$8$1$%%%%$${key}`],
    ["an empty salt", () => `scrypt$1024$8$1$$${key}`],
  ];

  it.each(hostile)("returns false for %s, without throwing and without running scrypt", async (_name, damage) => {
    const stored = damage(await good);
    const scrypt = vi.mocked(crypto.scrypt);
    scrypt.mockClear();
    await expect(verifyPassword(PASSWORD, stored)).resolves.toBe(false);
    expect(scrypt).not.toHaveBeenCalled();
  });

  it("returns false (never throws) for a stored value that is not a string", async () => {
    for (const stored of [undefined, null, 42, {}]) {
      await expect(verifyPassword(PASSWORD, stored as string)).resolves.toBe(false);
    }
  });
});

describe("hashPassword's settings", () => {
  it("refuses settings verifyPassword would refuse, rather than store a hash that never verifies", async () => {
    await expect(hashPassword(PASSWORD, { N: 1000, r: 8, p: 1 })).rejects.toThrow(RangeError);
    await expect(hashPassword(PASSWORD, { N: 2 ** 20, r: 32, p: 1 })).rejects.toThrow(RangeError);
  });
});

describe("needsRehash", () => {
  it("asks for a rehash when any setting is weaker than the current cost, not when equal or stronger", async () => {
    const stored = await hashPassword(PASSWORD, CHEAP);
    expect(needsRehash(stored, CHEAP)).toBe(false);
    expect(needsRehash(stored, { ...CHEAP, N: 2 ** 11 })).toBe(true);
    expect(needsRehash(stored, { ...CHEAP, r: 16 })).toBe(true);
    expect(needsRehash(stored, { ...CHEAP, p: 2 })).toBe(true);
    expect(needsRehash(stored, { N: 2 ** 9, r: 8, p: 1 })).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it("asks for a rehash of a hash made by another algorithm", () => {
    expect(needsRehash("bcrypt$10$abc", CHEAP)).toBe(true);
  });
});

describe("hashing in turn", () => {
  it("runs at most two scrypt computations at once, and every queued one completes", async () => {
    let active = 0;
    let peak = 0;
    const spy = vi.spyOn(crypto, "scrypt");
    spy.mockImplementation((...args: unknown[]) => {
      active += 1;
      peak = Math.max(peak, active);
      const callback = args.at(-1) as (error: Error | null, key: Buffer) => void;
      setTimeout(() => {
        active -= 1;
        callback(null, Buffer.alloc(32));
      }, 5);
    });
    try {
      const hashes = await Promise.all(Array.from({ length: 7 }, (_, index) => hashPassword(`password ${index}`, CHEAP)));
      expect(hashes).toHaveLength(7);
      expect(peak).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });
});
