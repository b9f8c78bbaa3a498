import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Keeps a scan's full URL (query included) unreadable in the store for the time the scan waits for a worker
 * or runs, so a worker in another process, or after a restart, can still visit the page that was asked for.
 * A query may carry a token: the store holds it only sealed, and only until the scan ends.
 */
export interface UrlSealer {
  seal(url: string): string;
  /** The URL, or null when this sealer cannot open it (sealed under another key, or damaged). */
  open(sealed: string): string | null;
}

const VERSION = "v1";
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a key derived (HKDF-SHA-256) from the deployment's secret; every process that shares a
 * store must share the secret. Without one, the key is random and dies with the process: what it sealed can
 * no longer be opened after a restart (such a scan ends failed rather than visiting another page).
 */
export function createUrlSealer(options: { secret?: string } = {}): UrlSealer {
  const key =
    options.secret === undefined
      ? randomBytes(32)
      : Buffer.from(hkdfSync("sha256", options.secret, "public-scan", "public-scan scanned URL sealing v1", 32));
  return {
    seal(url) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(url, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
    },
    open(sealed) {
      const [version, iv, body, ...rest] = sealed.split(".");
      if (version !== VERSION || iv === undefined || body === undefined || rest.length > 0) return null;
      try {
        const data = Buffer.from(body, "base64url");
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
        return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        // Another key, a damaged value or a forged tag: not this sealer's to open.
        return null;
      }
    },
  };
}
