import { X509Certificate, createHash } from "node:crypto";

/**
 * SHA-256 hashes (base64) of the public keys of the certificates in a PEM bundle. Chromium trusts a chain
 * that contains one of these keys when given `--ignore-certificate-errors-spki-list`: this is how
 * `extraCaCerts` reaches the browser without touching the system trust store.
 */
export function toSpkiHashes(pemBundle: string): string[] {
  const blocks = pemBundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error("extraCaCerts: no PEM certificate found");
  return blocks.map((block) => {
    const spki = new X509Certificate(block).publicKey.export({ type: "spki", format: "der" });
    return createHash("sha256").update(spki).digest("base64");
  });
}
