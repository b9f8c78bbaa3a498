import { X509Certificate } from "node:crypto";

/** The parts of an X.509 certificate a PKCS #11 token stores beside it, as exact DER bytes. */
export interface CertificateFields {
  /** The whole certificate. */
  der: Buffer;
  /** The serial number as a DER INTEGER (tag and length included), as PKCS #11 stores it. */
  serialNumber: Buffer;
  issuer: Buffer;
  subject: Buffer;
  /** The key's public value as NSS derives key IDs from it: an RSA modulus, else the subjectPublicKey bits (an EC point). */
  publicValue: Buffer;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM bundle, each checked by Node's parser; throws on a bundle without any. */
export function splitPemCertificates(pemBundle: string): X509Certificate[] {
  const blocks = pemBundle.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new Error("extraCaCerts: no PEM certificate found");
  return blocks.map((block) => new X509Certificate(block));
}

/**
 * Reads the fields by walking the DER structure, not by decoding and encoding again: NSS matches a trust
 * record to its certificate by comparing issuer and serial number byte for byte, and a re-encoded name
 * (another string type, another attribute order) would no longer match.
 */
export function readCertificateFields(certificate: X509Certificate): CertificateFields {
  const der = certificate.raw;
  const [tbs] = children(der, 0);
  if (tbs === undefined) throw new Error("extraCaCerts: a certificate without tbsCertificate");
  const fields = children(der, tbs.offset);
  // tbsCertificate: [0] version (optional), serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo.
  const start = fields[0]?.tag === 0xa0 ? 1 : 0;
  const [serial, , issuer, , subject, spki] = fields.slice(start);
  if (serial?.tag !== 0x02 || issuer === undefined || subject === undefined || spki === undefined) {
    throw new Error("extraCaCerts: a certificate whose tbsCertificate could not be read");
  }
  const [, keyBits] = children(der, spki.offset);
  if (keyBits?.tag !== 0x03) throw new Error("extraCaCerts: a certificate without a subjectPublicKey");
  return {
    der,
    serialNumber: whole(der, serial),
    issuer: whole(der, issuer),
    subject: whole(der, subject),
    publicValue:
      certificate.publicKey.asymmetricKeyType === "rsa"
        ? Buffer.from(certificate.publicKey.export({ format: "jwk" }).n ?? "", "base64url")
        : // The first content byte of a BIT STRING counts its unused bits (0 for keys).
          der.subarray(keyBits.contentStart + 1, keyBits.end),
  };
}

interface Element {
  tag: number;
  /** Where the element's tag byte is. */
  offset: number;
  contentStart: number;
  end: number;
}

const whole = (der: Buffer, element: Element) => der.subarray(element.offset, element.end);

/** The elements inside the constructed element at `offset`. */
function children(der: Buffer, offset: number): Element[] {
  const parent = element(der, offset);
  const found: Element[] = [];
  for (let at = parent.contentStart; at < parent.end; at = found[found.length - 1]!.end) found.push(element(der, at));
  return found;
}

/** One DER element: single-byte tags (all X.509 needs) and definite lengths (all DER allows). */
function element(der: Buffer, offset: number): Element {
  const tag = der[offset];
  const first = der[offset + 1];
  if (tag === undefined || first === undefined) throw new Error("extraCaCerts: a certificate is cut short");
  let length = first;
  let contentStart = offset + 2;
  if (first & 0x80) {
    const octets = first & 0x7f;
    if (octets === 0 || octets > 4) throw new Error("extraCaCerts: a certificate has an invalid length");
    length = der.readUIntBE(offset + 2, octets);
    contentStart += octets;
  }
  const end = contentStart + length;
  if (end > der.length) throw new Error("extraCaCerts: a certificate is cut short");
  return { tag, offset, contentStart, end };
}
