import { describe, expect, it } from "vitest";
import {
  type CertificateFacts,
  fromSecurityDetails,
  normalizeTlsProtocol,
  summarizeCertificate,
} from "../../src/transport/summarize-certificate.js";
import { toBrowserCertificateError } from "../../src/transport/to-browser-certificate-error.js";

const NOW = new Date("2026-11-23T12:00:00.000Z");
const DAY = 86_400_000;
const facts = (over: Partial<CertificateFacts> = {}): CertificateFacts => ({
  host: "www.example.test",
  validFrom: new Date(NOW.getTime() - 60 * DAY),
  validTo: new Date(NOW.getTime() + 30 * DAY),
  issuer: "Example Trust CA",
  names: { commonName: "www.example.test", subjectAltName: "DNS:www.example.test, DNS:example.test" },
  protocol: "TLSv1.3",
  cipher: "TLS_AES_128_GCM_SHA256",
  now: NOW,
  ...over,
});

describe("summarizeCertificate", () => {
  it("summarises a valid certificate", () => {
    expect(summarizeCertificate(facts())).toEqual({
      validFrom: "2026-09-24T12:00:00.000Z",
      validTo: "2026-12-23T12:00:00.000Z",
      daysToExpiry: 30,
      expired: false,
      notYetValid: false,
      issuer: "Example Trust CA",
      subjectMatchesHost: true,
      protocol: "TLS 1.3",
      cipher: "TLS_AES_128_GCM_SHA256",
    });
  });

  it.each([
    [5.9, 5, false],
    [0.4, 0, false],
    [-0.4, 0, true],
    [-12.5, -12, true],
  ])("counts %d days left as %d whole days (expired: %s)", (days, whole, expired) => {
    const summary = summarizeCertificate(facts({ validTo: new Date(NOW.getTime() + days * DAY) }));
    expect(summary.daysToExpiry).toBe(whole);
    expect(Object.is(summary.daysToExpiry, -0)).toBe(false);
    expect(summary.expired).toBe(expired);
  });

  it("tells a certificate that is not valid yet", () => {
    expect(summarizeCertificate(facts({ validFrom: new Date(NOW.getTime() + DAY) })).notYetValid).toBe(true);
  });

  it.each([
    ["www.example.test", "DNS:www.example.test", true],
    ["shop.example.test", "DNS:*.example.test", true],
    ["a.b.example.test", "DNS:*.example.test", false],
    ["example.test", "DNS:*.example.test", false],
    ["other.test", "DNS:www.example.test, DNS:example.test", false],
    ["WWW.EXAMPLE.TEST", "DNS:www.example.test", true],
    ["192.0.2.7", "IP Address:192.0.2.7", true],
    ["192.0.2.8", "IP Address:192.0.2.7", false],
  ])("matches host %s against %s: %s", (host, subjectAltName, matches) => {
    expect(summarizeCertificate(facts({ host, names: { commonName: "ignored.test", subjectAltName } })).subjectMatchesHost).toBe(matches);
  });

  it("bounds and cleans the issuer, and drops a cipher name it cannot vouch for", () => {
    const summary = summarizeCertificate(facts({ issuer: `Evil\u0000 CA\n${"x".repeat(100)}`, cipher: "AES GCM; rm -rf" }));
    expect(summary.issuer).toMatch(/^Evil CA x+$/);
    expect(summary.issuer!.length).toBe(64);
    expect(summary.cipher).toBeNull();
    expect(summarizeCertificate(facts({ issuer: "   " })).issuer).toBeNull();
  });

  it("refuses unreadable dates rather than report wrong ones", () => {
    expect(() => summarizeCertificate(facts({ validTo: new Date("not a date") }))).toThrow(/unreadable/);
  });
});

describe("fromSecurityDetails", () => {
  it("reads Chromium's security details (seconds, SAN list, issuer display name)", () => {
    const summary = fromSecurityDetails(
      {
        protocol: "TLS 1.2",
        keyExchange: "ECDHE_ECDSA",
        cipher: "AES_128_GCM",
        certificateId: 0,
        subjectName: "www.example.test",
        sanList: ["www.example.test", "192.0.2.1"],
        issuer: "R11",
        validFrom: (NOW.getTime() - DAY) / 1000,
        validTo: (NOW.getTime() + 3 * DAY) / 1000,
        signedCertificateTimestampList: [],
        certificateTransparencyCompliance: "compliant",
        encryptedClientHello: false,
      },
      { host: "192.0.2.1", now: NOW },
    );
    expect(summary).toMatchObject({ daysToExpiry: 3, issuer: "R11", subjectMatchesHost: true, protocol: "TLS 1.2", cipher: "AES_128_GCM" });
  });
});

describe("normalizeTlsProtocol", () => {
  it.each([
    ["TLSv1.3", "TLS 1.3"],
    ["TLS 1.3", "TLS 1.3"],
    ["TLSv1.2", "TLS 1.2"],
    ["TLSv1", "TLS 1.0"],
    ["SSLv3", "SSL 3.0"],
    ["QUIC", "QUIC"],
    ["DTLS 1.2", "other"],
    ["", null],
    [null, null],
  ])("%j is %j", (value, expected) => {
    expect(normalizeTlsProtocol(value)).toBe(expected);
  });
});

describe("toBrowserCertificateError", () => {
  it.each([
    ["net::ERR_CERT_DATE_INVALID", "date_invalid"],
    ["net::ERR_CERT_AUTHORITY_INVALID", "authority_invalid"],
    ["net::ERR_CERT_COMMON_NAME_INVALID", "common_name_invalid"],
    ["net::ERR_CERT_REVOKED", "revoked"],
    ["net::ERR_CERT_WEAK_KEY", "other"],
    ["net::ERR_CONNECTION_REFUSED", null],
    ["net::ERR_ABORTED", null],
    [undefined, null],
  ])("%j is %j", (text, expected) => {
    expect(toBrowserCertificateError(text)).toBe(expected);
  });
});
