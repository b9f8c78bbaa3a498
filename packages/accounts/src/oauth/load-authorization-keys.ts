import { randomBytes } from "node:crypto";
import { link, mkdir, open, readFile, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { exportJWK, generateKeyPair, type JWK } from "jose";

/** The authorization server's secrets: token signing keys (private JWKs) and the cookie-signing keys. */
export interface AuthorizationKeys {
  /** Private keys, newest first: the first key of each type signs. */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

async function generateKeys(): Promise<AuthorizationKeys> {
  const now = new Date().toISOString().slice(0, 10);
  // ES256 signs access tokens (small, fast); RS256 is the default ID-token algorithm of OpenID clients.
  const ec = await generateKeyPair("ES256", { extractable: true });
  const rsa = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const kid = (kind: string) => `${kind}-${now}-${randomBytes(4).toString("hex")}`;
  return {
    jwks: {
      keys: [
        { ...(await exportJWK(ec.privateKey)), kid: kid("es256"), alg: "ES256", use: "sig" },
        { ...(await exportJWK(rsa.privateKey)), kid: kid("rs256"), alg: "RS256", use: "sig" },
      ],
    },
    cookieKeys: [randomBytes(32).toString("base64url")],
  };
}

function isAuthorizationKeys(value: unknown): value is AuthorizationKeys {
  const candidate = value as Partial<AuthorizationKeys> | null;
  return (
    Array.isArray(candidate?.jwks?.keys) &&
    candidate.jwks.keys.length > 0 &&
    candidate.jwks.keys.every((key) => typeof key === "object" && key !== null && typeof key.kty === "string") &&
    Array.isArray(candidate.cookieKeys) &&
    // With no cookie key the provider could not sign its cookies: refused here, at start, not at the first sign-in.
    candidate.cookieKeys.length > 0 &&
    candidate.cookieKeys.every((key) => typeof key === "string" && key.length >= 32)
  );
}

/**
 * Reads the authorization server's keys from `path`, creating them on first start (file mode 0600). Keeping
 * them in the data directory means a restart keeps every issued token, session and cookie valid. Several
 * processes starting on an empty directory at once agree on one file: it is created exclusively, and the
 * losers read the winner's.
 */
export async function loadAuthorizationKeys(path: string): Promise<AuthorizationKeys> {
  let text: string | null = null;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text !== null) {
    // A damaged file is reported, never replaced: new keys would end every session and token already issued.
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Reported below, with the path, like any other content that is not a key file.
    }
    if (!isAuthorizationKeys(parsed)) throw new Error(`${path} is not an authorization key file; move it away to create new keys`);
    return parsed;
  }
  await mkdir(dirname(path), { recursive: true });
  const keys = await generateKeys();
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const file = await open(temporary, "wx", 0o600);
  await file.writeFile(`${JSON.stringify(keys, null, 2)}\n`);
  await file.sync();
  await file.close();
  try {
    // link() fails when the name exists (rename would replace it): the first process's keys win.
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temporary);
  }
  return loadAuthorizationKeys(path);
}

/** The public half of the signing keys, as the JWKS endpoint and the resource server see them. */
export function toPublicJwks(keys: AuthorizationKeys): { keys: JWK[] } {
  return {
    keys: keys.jwks.keys.map((key) => {
      const { kty, crv, x, y, n, e, kid, alg, use } = key;
      return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e, kid, alg, use }).filter(([, value]) => value !== undefined));
    }),
  };
}
