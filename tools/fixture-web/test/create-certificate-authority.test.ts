import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCertificateAuthority } from "../src/create-certificate-authority.js";

describe("createCertificateAuthority", () => {
  it("makes a root CA and an intermediate CA that the root signed", async () => {
    const authority = await createCertificateAuthority({ commonName: "test CA" });
    const ca = new X509Certificate(authority.certPem);
    expect(ca.ca).toBe(true);
    expect(ca.subject).toContain("CN=test CA");
    expect(ca.checkIssued(ca)).toBe(true);
    expect(ca.toLegacyObject().ext_key_usage).toBeUndefined();
    expect(Date.parse(ca.validFrom)).toBeLessThan(Date.now());
    const intermediate = new X509Certificate(authority.intermediatePem);
    expect(intermediate.ca).toBe(true);
    expect(intermediate.checkIssued(ca)).toBe(true);
    expect(intermediate.verify(ca.publicKey)).toBe(true);
    expect(intermediate.checkIssued(intermediate)).toBe(false);
  });

  it("issues a leaf per host with that host as its only SAN, a key that matches, and caches it", async () => {
    const authority = await createCertificateAuthority();
    const intermediate = new X509Certificate(authority.intermediatePem);
    const issued = await authority.issue("WWW.Example.test");
    const leaf = new X509Certificate(issued.certPem);
    expect(leaf.subjectAltName).toBe("DNS:www.example.test");
    expect(leaf.verify(intermediate.publicKey)).toBe(true);
    expect(leaf.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1"]);
    expect(leaf.checkPrivateKey((await import("node:crypto")).createPrivateKey(issued.keyPem))).toBe(true);
    expect(await authority.issue("www.example.test")).toBe(issued);
    expect((await authority.issue("other.example.test")).certPem).not.toBe(issued.certPem);
  });

  it("sends what real servers send, never the root: leaf + intermediate by default, or a leaf of the root alone", async () => {
    const authority = await createCertificateAuthority();
    const root = new X509Certificate(authority.certPem);
    const blocks = (pem: string) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    const withIntermediate = await authority.issue("a.test");
    expect(blocks(withIntermediate.chainPem)).toEqual([withIntermediate.certPem.trim(), authority.intermediatePem.trim()]);
    const alone = await authority.issue("a.test", { chain: "leaf_only" });
    expect(alone).not.toBe(withIntermediate);
    expect(blocks(alone.chainPem)).toEqual([alone.certPem.trim()]);
    expect(new X509Certificate(alone.certPem).verify(root.publicKey)).toBe(true);
    expect(new X509Certificate(withIntermediate.certPem).verify(root.publicKey)).toBe(false);
  });

  it("keeps leaves within Chromium's limits: not valid longer than 398 days", async () => {
    const leaf = new X509Certificate((await (await createCertificateAuthority({ validityDays: 30 })).issue("a.test")).certPem);
    expect(Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)).toBeLessThanOrEqual(398 * 86_400_000);
  });

  it("issues a leaf with a validity relative to now, cached per validity, and refuses one that ends before it starts", async () => {
    const authority = await createCertificateAuthority();
    const expired = new X509Certificate(
      (await authority.issue("old.test", { validity: { notBeforeDays: -30, notAfterDays: -2.5 } })).certPem,
    );
    expect((Date.parse(expired.validTo) - Date.now()) / 86_400_000).toBeCloseTo(-2.5, 1);
    expect((Date.parse(expired.validFrom) - Date.now()) / 86_400_000).toBeCloseTo(-30, 1);
    const standard = await authority.issue("old.test");
    expect(standard.certPem).not.toBe(expired.toString());
    expect(await authority.issue("old.test", { validity: { notBeforeDays: -30, notAfterDays: -2.5 } })).not.toBe(standard);
    await expect(authority.issue("old.test", { validity: { notBeforeDays: 1, notAfterDays: -1 } })).rejects.toThrow(/start before it ends/);
  });

  it.each(["", "*.example.test", "exa mple.test", "-bad.test", "a".repeat(64) + ".test", "1.2.3.4"])(
    "refuses to issue for %j",
    async (host) => {
      const authority = await createCertificateAuthority();
      await expect(authority.issue(host)).rejects.toThrow(/not a host name/);
    },
  );
});
