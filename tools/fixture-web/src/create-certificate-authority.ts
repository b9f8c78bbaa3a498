import { randomBytes } from "node:crypto";

/** A key pair and certificate in the PEM forms `tls.createSecureContext` takes. */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
  /** Leaf then CA: the chain a server sends, so a client trusting the CA by its key finds it. */
  chainPem: string;
}

export interface CertificateAuthority {
  certPem: string;
  /**
   * A leaf certificate for one host name (SAN = host), made on first use and then cached per host and
   * validity. Default validity: the authority's own (from one day ago, `validityDays` long).
   */
  issue: (host: string, validity?: LeafValidity) => Promise<IssuedCertificate>;
}

/**
 * A leaf's validity in days relative to now (negative: in the past), so a certificate made to be expired
 * or about to expire stays so whenever the tests run. Fractions are allowed: a half day keeps whole-day
 * counts away from their rounding edge.
 */
export interface LeafValidity {
  notBeforeDays: number;
  notAfterDays: number;
}

export interface CreateCertificateAuthorityOptions {
  commonName?: string;
  /** Lifetime of the CA and of each leaf, from one day ago (clock skew) forward. */
  validityDays?: number;
}

const ECDSA_P256 = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const DAY_MS = 86_400_000;
/** Host names a leaf may be issued for: DNS labels ending in a non-numeric one (so no IPv4), no wildcards. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*(?=[a-z0-9-]*[a-z-])[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A throw-away local root CA, generated in memory at start (ECDSA P-256: fast to make, accepted by
 * Chromium and Node). Nothing is written to disk and nothing is added to any trust store: clients trust
 * it explicitly (Node's `ca` option; Chromium by SPKI hash).
 */
export async function createCertificateAuthority(options: CreateCertificateAuthorityOptions = {}): Promise<CertificateAuthority> {
  // @peculiar/x509 registers its algorithms with tsyringe, which needs the reflect-metadata polyfill first.
  await import("reflect-metadata");
  const x509 = await import("@peculiar/x509");
  const crypto = globalThis.crypto;
  const validityMs = (options.validityDays ?? 30) * DAY_MS;
  const notBefore = new Date(Date.now() - DAY_MS);
  const notAfter = new Date(notBefore.getTime() + validityMs);

  const caKeys = await crypto.subtle.generateKey(ECDSA_P256, false, ["sign", "verify"]);
  const caName = `CN=${options.commonName ?? "public-scan fixture-web local CA"}, O=public-scan fixture-web`;
  const caCert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serialNumber(),
      name: caName,
      notBefore,
      notAfter,
      signingAlgorithm: ECDSA_P256,
      keys: caKeys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const certPem = caCert.toString("pem");
  const authorityKeyId = await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey, false, crypto);
  const issued = new Map<string, Promise<IssuedCertificate>>();

  const issueNow = async (host: string, validity: LeafValidity | undefined): Promise<IssuedCertificate> => {
    const keys = await crypto.subtle.generateKey(ECDSA_P256, true, ["sign", "verify"]);
    const leaf = await x509.X509CertificateGenerator.create(
      {
        serialNumber: serialNumber(),
        subject: `CN=${host}`,
        issuer: caCert.subject,
        notBefore: validity === undefined ? notBefore : new Date(Date.now() + validity.notBeforeDays * DAY_MS),
        notAfter: validity === undefined ? notAfter : new Date(Date.now() + validity.notAfterDays * DAY_MS),
        signingAlgorithm: ECDSA_P256,
        publicKey: keys.publicKey,
        signingKey: caKeys.privateKey,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
          new x509.SubjectAlternativeNameExtension([{ type: "dns", value: host }]),
          await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
          authorityKeyId,
        ],
      },
      crypto,
    );
    const pkcs8 = await crypto.subtle.exportKey("pkcs8", keys.privateKey);
    const leafPem = leaf.toString("pem");
    return { certPem: leafPem, keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"), chainPem: `${leafPem}\n${certPem}\n` };
  };

  return {
    certPem,
    issue(host, validity) {
      const name = host.toLowerCase();
      if (!HOST_NAME.test(name)) return Promise.reject(new Error(`not a host name: ${JSON.stringify(host)}`));
      if (validity !== undefined && !(validity.notBeforeDays < validity.notAfterDays))
        return Promise.reject(new Error(`a leaf must start before it ends: ${JSON.stringify(validity)}`));
      const key = validity === undefined ? name : `${name} ${validity.notBeforeDays} ${validity.notAfterDays}`;
      let pending = issued.get(key);
      if (pending === undefined) {
        pending = issueNow(name, validity);
        issued.set(key, pending);
      }
      return pending;
    },
  };
}

/** A random positive 128-bit serial number, in hex (the top bit cleared so DER keeps it positive). */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString("hex");
}
