import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadAuthorizationKeys, toPublicJwks } from "../src/oauth/load-authorization-keys.js";

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi"];

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

async function emptyDirectory() {
  const directory = await mkdtemp(join(tmpdir(), "authorization-keys-"));
  directories.push(directory);
  return directory;
}

describe("loadAuthorizationKeys", () => {
  it("creates the file on first start, readable by its owner only, with an ES256 key, an RS256 key and a cookie key", async () => {
    const directory = await emptyDirectory();
    // In a directory that does not exist yet, as on a fresh data volume.
    const path = join(directory, "data", "oauth-keys.json");
    const keys = await loadAuthorizationKeys(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(keys.jwks.keys.map((key) => [key.alg, key.kty, key.use])).toEqual([
      ["ES256", "EC", "sig"],
      ["RS256", "RSA", "sig"],
    ]);
    for (const key of keys.jwks.keys) {
      expect(typeof key.d).toBe("string");
      expect(key.kid).toMatch(/^(es|rs)256-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}$/);
    }
    expect(keys.jwks.keys[0]!.crv).toBe("P-256");
    expect(Buffer.from(keys.jwks.keys[1]!.n!, "base64url").length).toBe(256);
    expect(keys.cookieKeys).toHaveLength(1);
    expect(Buffer.from(keys.cookieKeys[0]!, "base64url").length).toBe(32);
    expect(JSON.parse(await readFile(path, "utf8"))).toEqual(keys);
  });

  it("returns the same keys on the next start, so issued tokens and cookies stay valid", async () => {
    const path = join(await emptyDirectory(), "oauth-keys.json");
    const first = await loadAuthorizationKeys(path);
    const second = await loadAuthorizationKeys(path);
    expect(second).toEqual(first);
  });

  it("lets processes starting at once on an empty directory agree on one file, leaving no temporary file", async () => {
    const directory = await emptyDirectory();
    const path = join(directory, "oauth-keys.json");
    const all = await Promise.all(Array.from({ length: 8 }, () => loadAuthorizationKeys(path)));
    for (const keys of all) expect(keys).toEqual(all[0]);
    expect(await readdir(directory)).toEqual(["oauth-keys.json"]);
    expect(await loadAuthorizationKeys(path)).toEqual(all[0]);
  });

  it.each([
    ["not JSON", "{ this is not json"],
    ["empty", ""],
    ["JSON of another shape", JSON.stringify({ keys: [] })],
    ["without cookie keys", JSON.stringify({ jwks: { keys: [{ kty: "EC" }] }, cookieKeys: [] })],
    ["with a short cookie key", JSON.stringify({ jwks: { keys: [{ kty: "EC" }] }, cookieKeys: ["short"] })],
  ])("refuses a file that is %s with an error naming it, and leaves it alone", async (_name, content) => {
    const path = join(await emptyDirectory(), "oauth-keys.json");
    await writeFile(path, content, { mode: 0o600 });
    await expect(loadAuthorizationKeys(path)).rejects.toThrow(path);
    expect(await readFile(path, "utf8")).toBe(content);
  });
});

describe("toPublicJwks", () => {
  it("keeps the public members and drops every private one", async () => {
    const keys = await loadAuthorizationKeys(join(await emptyDirectory(), "oauth-keys.json"));
    const published = toPublicJwks(keys);
    expect(published.keys).toHaveLength(2);
    for (const key of published.keys) {
      for (const member of PRIVATE_MEMBERS) expect(key).not.toHaveProperty(member);
    }
    const [ec, rsa] = published.keys as [Record<string, unknown>, Record<string, unknown>];
    expect(Object.keys(ec).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x", "y"]);
    expect(Object.keys(rsa).sort()).toEqual(["alg", "e", "kid", "kty", "n", "use"]);
    expect(ec.kid).toBe(keys.jwks.keys[0]!.kid);
    // The private keys themselves are untouched.
    expect(keys.jwks.keys[1]!.d).toBeDefined();
  });
});
