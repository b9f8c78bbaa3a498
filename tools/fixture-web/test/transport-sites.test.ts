import { X509Certificate } from "node:crypto";
import { connect as tlsConnect, type TLSSocket } from "node:tls";
import { describe, expect, it } from "vitest";
import { fixtureRequest, setCookiesOf } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

const DAY_MS = 86_400_000;

/** The transport sites serve what their ground truth promises, seen from a plain TLS and HTTP client. */
describe("transport sites", () => {
  const web = useFixtureWeb();
  const handshake = (servername: string, ca?: string) =>
    new Promise<TLSSocket>((resolve, reject) => {
      const socket = tlsConnect({ host: "127.0.0.1", port: web().port, servername, rejectUnauthorized: false, ...(ca ? { ca } : {}) });
      socket.once("secureConnect", () => resolve(socket));
      socket.once("error", reject);
    });
  const site = (id: string) => web().sites.find((candidate) => candidate.id === id)!;

  it("has a transport ground truth for every site of the transport catalogue and for the older sites", () => {
    const withTransport = web()
      .sites.filter((candidate) => candidate.groundTruth.transport !== undefined)
      .map((candidate) => candidate.id);
    for (const id of [
      "quiet-bakery",
      "ssrf-lab",
      "corner-cobbler",
      "village-library",
      "harbour-bank",
      "faded-gallery",
      "late-bloom",
      "sunny-radio",
      "moka-cafe",
    ])
      expect(withTransport).toContain(id);
  });

  it("refuses TLS for the site without HTTPS, and serves it over plain HTTP without a redirect", async () => {
    await expect(handshake("www.corner-cobbler.test")).rejects.toThrow();
    const reply = await fixtureRequest({ port: web().port, host: "www.corner-cobbler.test", secure: false });
    expect(reply.status).toBe(200);
    expect(reply.headers["strict-transport-security"]).toBeUndefined();
  });

  it("presents an expired leaf for the faded gallery, which Node refuses as expired though it trusts the root", async () => {
    const socket = await handshake("www.faded-gallery.test", web().caCertPem);
    const leaf = new X509Certificate(socket.getPeerCertificate().raw);
    const error = socket.authorizationError as unknown;
    socket.destroy();
    expect(error).toBe("CERT_HAS_EXPIRED");
    expect((Date.parse(leaf.validTo) - Date.now()) / DAY_MS).toBeCloseTo(-12.5, 1);
  });

  it("presents a valid leaf with five and a half days left for the late-bloom florist", async () => {
    const socket = await handshake("www.late-bloom.test", web().caCertPem);
    const leaf = new X509Certificate(socket.getPeerCertificate().raw);
    expect(socket.authorized).toBe(true);
    socket.destroy();
    expect((Date.parse(leaf.validTo) - Date.now()) / DAY_MS).toBeCloseTo(5.5, 1);
  });

  it("sends HSTS and the privacy headers on the harbour bank, and redirects its HTTP", async () => {
    const page = await fixtureRequest({ port: web().port, host: "www.harbour-bank.test", ca: web().caCertPem });
    expect(page.headers).toMatchObject({
      "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    expect(page.headers["permissions-policy"]).toBeDefined();
    expect(page.headers["content-security-policy"]).toBeDefined();
    const plain = await fixtureRequest({ port: web().port, host: "www.harbour-bank.test", secure: false });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://www.harbour-bank.test/");
  });

  it("links http: subresources from the sunny-radio HTTPS page and serves them over both protocols", async () => {
    const page = await fixtureRequest({ port: web().port, host: "www.sunny-radio.test", ca: web().caCertPem });
    const insecure = [...page.text.matchAll(/(?:src)="(http:\/\/[^"]+)"/g)].map((match) => new URL(match[1]!));
    expect(insecure.map((url) => url.pathname).sort()).toEqual(["/assets/player.js", "/assets/studio.svg", "/embed/schedule"]);
    for (const url of insecure) {
      for (const secure of [false, true]) {
        const reply = await fixtureRequest({ port: web().port, host: url.hostname, path: url.pathname, secure, ca: web().caCertPem });
        expect(reply.status, `${secure ? "https" : "http"} ${url.pathname}`).toBe(200);
      }
    }
  });

  it("sets moka_visit without Secure and moka_csrf with it, and a report-only CSP", async () => {
    const page = await fixtureRequest({ port: web().port, host: "www.moka-cafe.test", ca: web().caCertPem });
    const cookies = setCookiesOf(page);
    expect(cookies.find((cookie) => cookie.startsWith("moka_visit="))).not.toMatch(/Secure/);
    expect(cookies.find((cookie) => cookie.startsWith("moka_csrf="))).toMatch(/; Secure/);
    expect(page.headers["content-security-policy-report-only"]).toBe("default-src 'self'");
    expect(page.headers["content-security-policy"]).toBeUndefined();
    expect(site("moka-cafe").groundTruth.transport?.cookiesWithoutSecure).toBe(2);
  });
});
