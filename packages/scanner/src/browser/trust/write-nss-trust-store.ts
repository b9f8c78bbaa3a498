import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { NSS_ATTRIBUTE, NSS_ATTRIBUTE_COLUMNS, NSS_VALUE, toNssColumn } from "./nss-attributes.js";
import { readCertificateFields, splitPemCertificates, type CertificateFields } from "./read-certificate-fields.js";

/**
 * Makes `home` a home directory whose NSS database trusts the CAs of a PEM bundle for server
 * authentication, and returns the database's folder. Chromium on Linux verifies certificates with its own
 * verifier, which trusts, besides its root store, the CAs marked trusted in the user's NSS database
 * (`$HOME/.pki/nssdb`): a browser started with HOME=`home` verifies a chain up to one of these CAs in
 * full (names, dates, key usage), the way `certutil -A -t C,,` makes a desktop Chrome trust a company
 * root. Only the certificate database is written; NSS adds its key database when it opens the folder,
 * and trust records are read without a key database's signatures when it has no password.
 */
export async function writeNssTrustStore(options: { home: string; pemBundle: string }): Promise<string> {
  const certificates = splitPemCertificates(options.pemBundle).map(readCertificateFields);
  const folder = join(options.home, ".pki", "nssdb");
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // Loaded only when needed: node:sqlite prints an experimental warning on Node 22 when it loads.
  const { DatabaseSync } = await import("node:sqlite");
  const database = new DatabaseSync(join(folder, "cert9.db"));
  try {
    const columns = NSS_ATTRIBUTE_COLUMNS.map(toNssColumn);
    database.exec(`CREATE TABLE IF NOT EXISTS nssPublic (id PRIMARY KEY UNIQUE ON CONFLICT ABORT, ${columns.join(", ")})`);
    for (const [name, attribute] of NSS_INDEXES)
      database.exec(`CREATE INDEX IF NOT EXISTS ${name} ON nssPublic (${toNssColumn(attribute)})`);
    database.exec("BEGIN");
    database.exec("DELETE FROM nssPublic");
    let id = 1;
    for (const [index, certificate] of certificates.entries()) {
      for (const row of toNssObjects(certificate, `public-scan extraCaCerts ${index + 1}`)) insert(database, id++, row);
    }
    database.exec("COMMIT");
  } finally {
    database.close();
  }
  return folder;
}

/** The indexes NSS creates on the table, by the attributes it looks objects up by. */
const NSS_INDEXES = [
  ["issuer", NSS_ATTRIBUTE.issuer],
  ["subject", NSS_ATTRIBUTE.subject],
  ["label", NSS_ATTRIBUTE.label],
  ["ckaid", NSS_ATTRIBUTE.id],
] as const;

type NssObject = ReadonlyArray<readonly [attribute: number, value: Buffer]>;

/** A certificate object and the NSS trust object that marks it a CA for TLS servers. */
function toNssObjects(certificate: CertificateFields, label: string): [NssObject, NssObject] {
  const common = [
    [NSS_ATTRIBUTE.token, bool(true)],
    [NSS_ATTRIBUTE.private, bool(false)],
    [NSS_ATTRIBUTE.modifiable, bool(true)],
    [NSS_ATTRIBUTE.issuer, certificate.issuer],
    [NSS_ATTRIBUTE.serialNumber, certificate.serialNumber],
  ] as const;
  const object: NssObject = [
    [NSS_ATTRIBUTE.class, ulong(NSS_VALUE.classCertificate)],
    ...common,
    [NSS_ATTRIBUTE.label, Buffer.from(label, "utf8")],
    [NSS_ATTRIBUTE.value, certificate.der],
    [NSS_ATTRIBUTE.certificateType, ulong(NSS_VALUE.certificateTypeX509)],
    [NSS_ATTRIBUTE.subject, certificate.subject],
    // CKA_ID pairs a certificate with its private key (not here); derived from the key as NSS derives it.
    [NSS_ATTRIBUTE.id, createHash("sha1").update(certificate.publicValue).digest()],
  ];
  const trust: NssObject = [
    [NSS_ATTRIBUTE.class, ulong(NSS_VALUE.classNssTrust)],
    ...common,
    [NSS_ATTRIBUTE.trustServerAuth, ulong(NSS_VALUE.trustedDelegator)],
    [NSS_ATTRIBUTE.trustClientAuth, ulong(NSS_VALUE.mustVerifyTrust)],
    [NSS_ATTRIBUTE.trustCodeSigning, ulong(NSS_VALUE.mustVerifyTrust)],
    [NSS_ATTRIBUTE.trustEmailProtection, ulong(NSS_VALUE.mustVerifyTrust)],
    [NSS_ATTRIBUTE.trustStepUpApproved, bool(false)],
    // NSS checks that a trust record belongs to the certificate by these hashes, besides issuer and serial.
    [NSS_ATTRIBUTE.certSha1Hash, createHash("sha1").update(certificate.der).digest()],
    [NSS_ATTRIBUTE.certMd5Hash, createHash("md5").update(certificate.der).digest()],
  ];
  return [object, trust];
}

function insert(database: DatabaseSync, id: number, object: NssObject): void {
  const columns = ["id", ...object.map(([attribute]) => toNssColumn(attribute))];
  const statement = database.prepare(`INSERT INTO nssPublic (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
  statement.run(id, ...object.map(([, value]) => value));
}

const bool = (value: boolean) => Buffer.from([value ? 1 : 0]);
const ulong = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
