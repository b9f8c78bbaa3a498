import { X509Certificate } from "node:crypto";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { readCertificateFields, splitPemCertificates } from "../../../src/browser/trust/read-certificate-fields.js";
import { writeNssTrustStore } from "../../../src/browser/trust/write-nss-trust-store.js";

/**
 * The database is compared with what NSS's own `certutil -A -t C,,` wrote for the same two roots (an RSA
 * and an EC one; `fixtures/certutil-rows.json`), attribute by attribute: the browser test
 * (`private-ca.browser.test.ts`) shows Chromium trusts it, this one that it says what certutil says.
 */
const fixtures = join(import.meta.dirname, "fixtures");
const pem = async (name: string) => readFile(join(fixtures, name), "utf8");
type Row = Record<string, string>;
const certutil = async (): Promise<Row[]> =>
  (JSON.parse(await readFile(join(fixtures, "certutil-rows.json"), "utf8")) as { rows: Row[] }).rows;

const homes: string[] = [];
afterEach(async () => {
  await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })));
});
async function written(pemBundle: string): Promise<{ folder: string; rows: Row[] }> {
  const home = await mkdtemp(join(tmpdir(), "nss-test-"));
  homes.push(home);
  const folder = await writeNssTrustStore({ home, pemBundle });
  const database = new DatabaseSync(join(folder, "cert9.db"), { readOnly: true });
  const rows = database.prepare("SELECT * FROM nssPublic ORDER BY id").all() as Array<Record<string, Uint8Array | number | null>>;
  database.close();
  return {
    folder,
    rows: rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).flatMap(([column, value]) =>
          column === "id" || value === null ? [] : [[column, Buffer.from(value as Uint8Array).toString("hex")]],
        ),
      ),
    ),
  };
}

// Labels are names chosen by whoever adds the certificate; client-auth trust is left unset here on purpose
// (certutil's `C` in the first field also marks the CA valid for client certificates, which a scan never uses).
const without = (row: Row, columns: readonly string[]) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)));

describe("writeNssTrustStore", () => {
  it("writes, for each CA, the certificate and trust objects certutil writes, into $HOME/.pki/nssdb/cert9.db", async () => {
    const { folder, rows } = await written(`${await pem("rsa-root.pem")}\n${await pem("ec-root.pem")}`);
    expect(folder.endsWith(join(".pki", "nssdb"))).toBe(true);
    expect(await readdir(folder)).toEqual(["cert9.db"]);
    const expected = await certutil();
    expect(rows).toHaveLength(4);
    for (const [index, row] of rows.entries()) {
      expect(without(row, ["a3", "ace536359"])).toEqual(without(expected[index]!, ["a3", "ace536359"]));
    }
    // The certificate objects are labelled; the trust objects' server-auth trust is "trusted CA" (CKT_NSS_TRUSTED_DELEGATOR).
    expect(Buffer.from(rows[0]!.a3!, "hex").toString()).toBe("public-scan extraCaCerts 1");
    expect(rows[1]!.ace536358).toBe("ce534352");
    expect(rows[1]!.ace536359).toBe("ce534353");
  });

  it("replaces what an earlier call wrote", async () => {
    const home = await mkdtemp(join(tmpdir(), "nss-test-"));
    homes.push(home);
    await writeNssTrustStore({ home, pemBundle: await pem("rsa-root.pem") });
    const folder = await writeNssTrustStore({ home, pemBundle: await pem("ec-root.pem") });
    const database = new DatabaseSync(join(folder, "cert9.db"), { readOnly: true });
    const values = database.prepare("SELECT a11 FROM nssPublic WHERE a11 IS NOT NULL").all();
    database.close();
    expect(values.map((row) => new X509Certificate(Buffer.from(row.a11 as Uint8Array)).subject)).toEqual([
      new X509Certificate(await pem("ec-root.pem")).subject,
    ]);
  });

  it.each([
    ["no certificate", "not a PEM file", /no PEM certificate/],
    ["a broken certificate", "-----BEGIN CERTIFICATE-----\nMIIBkTCB+wIJAK\n-----END CERTIFICATE-----", /./],
  ])("refuses %s and writes nothing", async (_label, pemBundle, message) => {
    const home = await mkdtemp(join(tmpdir(), "nss-test-"));
    homes.push(home);
    await expect(writeNssTrustStore({ home, pemBundle })).rejects.toThrow(message);
    expect(await readdir(home)).toEqual([]);
  });
});

describe("readCertificateFields", () => {
  it.each(["rsa-root.pem", "ec-root.pem"])("reads the exact DER fields of %s", async (name) => {
    const [certificate] = splitPemCertificates(await pem(name));
    const fields = readCertificateFields(certificate!);
    expect(fields.der.equals(certificate!.raw)).toBe(true);
    // DER INTEGER: tag 0x02, a short length, then the serial Node reads.
    expect(fields.serialNumber[0]).toBe(0x02);
    expect(fields.serialNumber.subarray(2).toString("hex").toUpperCase().replace(/^00/, "")).toBe(
      certificate!.serialNumber.replace(/^00/, ""),
    );
    // A self-signed root: issuer and subject are the same name, and a SEQUENCE.
    expect(fields.issuer.equals(fields.subject)).toBe(true);
    expect(fields.subject[0]).toBe(0x30);
    expect(certificate!.raw.includes(fields.subject)).toBe(true);
  });
});
