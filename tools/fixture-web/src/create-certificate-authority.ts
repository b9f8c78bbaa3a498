import { randomBytes } from "node:crypto";

/** A key pair and certificate in the PEM forms `tls.createSecureContext` takes. */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
  /** What the server sends: the leaf, then its intermediate when it has one; never the root, like real servers. */
  chainPem: string;
}

/**
 * How a leaf chains to the root. `leaf_and_intermediate` (the default, what most public sites do): issued
 * by an intermediate CA that the root signed, and sent with it. `leaf_only`: issued by the root itself and
 * sent alone (a private CA without intermediates). A client must hold the root to verify either.
 */
export type LeafChain = "leaf_and_intermediate" | "leaf_only";

export interface LeafOptions {
  validity?: LeafValidity;
  chain?: LeafChain;
}

export interface CertificateAuthority {
  /** The root: what a client trusts. */
  certPem: string;
  /** The intermediate CA under the root that issues `leaf_and_intermediate` leaves. */
  intermediatePem: string;
  /**
   * A leaf certificate for one host name (SAN = host), made on first use and then cached per host,
   * validity and chain. Default validity: the authority's own (from one day ago, `validityDays` long).
   */
  issue: (host: string, options?: LeafOptions) => Promise<IssuedCertificate>;
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
 * A throw-away local root CA and an intermediate CA under it, generated in memory at start (ECDSA P-256:
 * fast to make, accepted by Chromium and Node). Nothing is written to disk and nothing is added to any
 * system trust store: clients trust the root explicitly (Node's `ca` option; Chromium through the NSS
 * database the scanner writes for `extraCaCerts`), and servers never send it.
 */
export async function createCertificateAuthority(options: CreateCertificateAuthorityOptions = {}): Promise<CertificateAuthority> {
  // @peculiar/x509 registers its algorithms with tsyringe, which needs the reflect-metadata polyfill first.
  await import("reflect-metadata");
  const x509 = await import("@peculiar/x509");
  const crypto = globalThis.crypto;
  const validityMs = (options.validityDays ?? 30) * DAY_MS;
  const notBefore = new Date(Date.now() - DAY_MS);
  const notAfter = new Date(notBefore.getTime() + validityMs);
  const caUsage = () => new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true);

  const rootKeys = await crypto.subtle.generateKey(ECDSA_P256, false, ["sign", "verify"]);
  const commonName = options.commonName ?? "public-scan fixture-web local CA";
  const root = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serialNumber(),
      name: `CN=${commonName}, O=public-scan fixture-web`,
      notBefore,
      notAfter,
      signingAlgorithm: ECDSA_P256,
      keys: rootKeys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 1, true),
        caUsage(),
        await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const intermediateKeys = await crypto.subtle.generateKey(ECDSA_P256, false, ["sign", "verify"]);
  const intermediate = await x509.X509CertificateGenerator.create(
    {
      serialNumber: serialNumber(),
      subject: `CN=${commonName} intermediate, O=public-scan fixture-web`,
      issuer: root.subject,
      notBefore,
      notAfter,
      signingAlgorithm: ECDSA_P256,
      publicKey: intermediateKeys.publicKey,
      signingKey: rootKeys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        caUsage(),
        await x509.SubjectKeyIdentifierExtension.create(intermediateKeys.publicKey, false, crypto),
        await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const certPem = root.toString("pem");
  const intermediatePem = intermediate.toString("pem");
  const issuers = {
    leaf_only: { certificate: root, keys: rootKeys, sentWithLeaf: "" },
    leaf_and_intermediate: { certificate: intermediate, keys: intermediateKeys, sentWithLeaf: `${intermediatePem}\n` },
  } as const;
  const issued = new Map<string, Promise<IssuedCertificate>>();

  const issueNow = async (host: string, validity: LeafValidity | undefined, chain: LeafChain): Promise<IssuedCertificate> => {
    const issuer = issuers[chain];
    const keys = await crypto.subtle.generateKey(ECDSA_P256, true, ["sign", "verify"]);
    const leaf = await x509.X509CertificateGenerator.create(
      {
        serialNumber: serialNumber(),
        subject: `CN=${host}`,
        issuer: issuer.certificate.subject,
        notBefore: validity === undefined ? notBefore : new Date(Date.now() + validity.notBeforeDays * DAY_MS),
        notAfter: validity === undefined ? notAfter : new Date(Date.now() + validity.notAfterDays * DAY_MS),
        signingAlgorithm: ECDSA_P256,
        publicKey: keys.publicKey,
        signingKey: issuer.keys.privateKey,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
          new x509.SubjectAlternativeNameExtension([{ type: "dns", value: host }]),
          await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
          await x509.AuthorityKeyIdentifierExtension.create(issuer.keys.publicKey, false, crypto),
        ],
      },
      crypto,
    );
    const pkcs8 = await crypto.subtle.exportKey("pkcs8", keys.privateKey);
    const leafPem = leaf.toString("pem");
    return { certPem: leafPem, keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"), chainPem: `${leafPem}\n${issuer.sentWithLeaf}` };
  };

  return {
    certPem,
    intermediatePem,
    issue(host, leafOptions = {}) {
      const name = host.toLowerCase();
      const { validity, chain = "leaf_and_intermediate" } = leafOptions;
      if (!HOST_NAME.test(name)) return Promise.reject(new Error(`not a host name: ${JSON.stringify(host)}`));
      if (validity !== undefined && !(validity.notBeforeDays < validity.notAfterDays))
        return Promise.reject(new Error(`a leaf must start before it ends: ${JSON.stringify(validity)}`));
      const key = [name, chain, validity?.notBeforeDays, validity?.notAfterDays].join(" ");
      let pending = issued.get(key);
      if (pending === undefined) {
        pending = issueNow(name, validity, chain);
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
