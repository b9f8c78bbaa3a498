import { X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCertificateAuthority } from "../src/create-certificate-authority.js";

describe("createCertificateAuthority", () => {
  it("makes a root CA that may sign leaves and nothing below them", async () => {
    const authority = await createCertificateAuthority({ commonName: "test CA" });
    const ca = new X509Certificate(authority.certPem);
    expect(ca.ca).toBe(true);
    expect(ca.subject).toContain("CN=test CA");
    expect(ca.checkIssued(ca)).toBe(true);
    expect(ca.toLegacyObject().ext_key_usage).toBeUndefined();
    expect(Date.parse(ca.validFrom)).toBeLessThan(Date.now());
  });

  it("issues a leaf per host with that host as its only SAN, a key that matches, and caches it", async () => {
    const authority = await createCertificateAuthority();
    const ca = new X509Certificate(authority.certPem);
    const issued = await authority.issue("WWW.Example.test");
    const leaf = new X509Certificate(issued.certPem);
    expect(leaf.subjectAltName).toBe("DNS:www.example.test");
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1"]);
    expect(leaf.checkPrivateKey((await import("node:crypto")).createPrivateKey(issued.keyPem))).toBe(true);
    expect(issued.chainPem.startsWith(issued.certPem)).toBe(true);
    expect(issued.chainPem).toContain(authority.certPem.trim());
    expect(await authority.issue("www.example.test")).toBe(issued);
    expect((await authority.issue("other.example.test")).certPem).not.toBe(issued.certPem);
  });

  it("keeps leaves within Chromium's limits: not valid longer than 398 days", async () => {
    const leaf = new X509Certificate((await (await createCertificateAuthority({ validityDays: 30 })).issue("a.test")).certPem);
    expect(Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)).toBeLessThanOrEqual(398 * 86_400_000);
  });

  it("issues a leaf with a validity relative to now, cached per validity, and refuses one that ends before it starts", async () => {
    const authority = await createCertificateAuthority();
    const expired = new X509Certificate((await authority.issue("old.test", { notBeforeDays: -30, notAfterDays: -2.5 })).certPem);
    expect((Date.parse(expired.validTo) - Date.now()) / 86_400_000).toBeCloseTo(-2.5, 1);
    expect((Date.parse(expired.validFrom) - Date.now()) / 86_400_000).toBeCloseTo(-30, 1);
    const standard = await authority.issue("old.test");
    expect(standard.certPem).not.toBe(expired.toString());
    expect(await authority.issue("old.test", { notBeforeDays: -30, notAfterDays: -2.5 })).not.toBe(standard);
    await expect(authority.issue("old.test", { notBeforeDays: 1, notAfterDays: -1 })).rejects.toThrow(/start before it ends/);
  });

  it.each(["", "*.example.test", "exa mple.test", "-bad.test", "a".repeat(64) + ".test", "1.2.3.4"])(
    "refuses to issue for %j",
    async (host) => {
      const authority = await createCertificateAuthority();
      await expect(authority.issue(host)).rejects.toThrow(/not a host name/);
    },
  );
});
