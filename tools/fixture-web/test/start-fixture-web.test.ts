import { X509Certificate } from "node:crypto";
import { connect, createServer } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { describe, expect, it } from "vitest";
import { CHANGING_HOST, HOSTILE_HOST, startFixtureWeb } from "../src/index.js";
import { TRACKER_VENDORS } from "../src/trackers/tracker-vendors.js";
import { SERVICE_VENDORS } from "../src/services/service-hosts.js";
import { fixtureRequest } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

describe("startFixtureWeb", () => {
  const web = useFixtureWeb();

  it("serves HTTP and HTTPS on the same loopback port", async () => {
    const { port, caCertPem: ca } = web();
    const overHttp = await fixtureRequest({ port, host: "www.ssrf-lab.test", secure: false });
    const overHttps = await fixtureRequest({ port, host: "www.quiet-bakery.test", ca });
    expect(overHttp.status).toBe(200);
    expect(overHttp.peerCertificate).toBeUndefined();
    expect(overHttps.status).toBe(200);
    expect(overHttps.text).toContain("The Quiet Bakery");
  });

  it("redirects plain HTTP to HTTPS for sites that are HTTPS-only, keeping path and query", async () => {
    const reply = await fixtureRequest({ port: web().port, host: "www.quiet-bakery.test", path: "/privacy-policy?x=1", secure: false });
    expect(reply.status).toBe(301);
    expect(reply.headers.location).toBe("https://www.quiet-bakery.test/privacy-policy?x=1");
  });

  it("presents a certificate for the requested host that a client holding only the root verifies", async () => {
    const { port, caCertPem } = web();
    const ca = new X509Certificate(caCertPem);
    expect(ca.ca).toBe(true);
    // fixtureRequest verifies the chain and the name against `ca` alone, or fails.
    for (const host of ["www.daily-courier.test", "ad.doubleclick.net"]) {
      const reply = await fixtureRequest({
        port,
        host,
        path: host === "ad.doubleclick.net" ? "/activity;src=1;type=a;cat=b;ord=1" : "/",
        ca: caCertPem,
      });
      const leaf = new X509Certificate(reply.peerCertificate!.raw);
      expect(leaf.subjectAltName).toBe(`DNS:${host}`);
      expect(leaf.checkIssued(ca)).toBe(false);
      expect(leaf.ca).toBe(false);
    }
  });

  it("sends what real servers send, never the root: leaf + intermediate, or for a leaf_only site the leaf alone", async () => {
    const { port, caCertPem } = web();
    const root = new X509Certificate(caCertPem);
    // No trust anchors on purpose: what the client sees is exactly the chain the server sent.
    const sentChain = async (servername: string) => {
      const socket = tlsConnect({ host: "127.0.0.1", port, servername, rejectUnauthorized: false });
      await new Promise<void>((resolve, reject) => {
        socket.once("secureConnect", resolve);
        socket.once("error", reject);
      });
      const chain: X509Certificate[] = [];
      for (let peer = socket.getPeerCertificate(true); ; peer = peer.issuerCertificate) {
        chain.push(new X509Certificate(peer.raw));
        if (peer.issuerCertificate === undefined || peer.issuerCertificate === peer) break;
      }
      socket.destroy();
      return chain;
    };
    const [leaf, intermediate, ...rest] = await sentChain("www.metrics-hub.test");
    expect(leaf!.subjectAltName).toBe("DNS:www.metrics-hub.test");
    expect(rest).toEqual([]);
    expect(intermediate!.ca).toBe(true);
    expect(leaf!.verify(intermediate!.publicKey)).toBe(true);
    expect(intermediate!.verify(root.publicKey)).toBe(true);
    expect(intermediate!.fingerprint256).not.toBe(root.fingerprint256);
    const alone = await sentChain("www.harbour-pub.test");
    expect(alone).toHaveLength(1);
    expect(alone[0]!.verify(root.publicKey)).toBe(true);
  });

  it("fails the TLS handshake for a client that does not trust the CA", async () => {
    await expect(fixtureRequest({ port: web().port, host: "www.quiet-bakery.test" })).rejects.toThrow(/certificate/i);
  });

  it("answers 404 for a host it does not serve, over HTTP and HTTPS", async () => {
    const { port, caCertPem: ca } = web();
    const overHttp = await fixtureRequest({ port, host: "www.example.com", secure: false });
    const overHttps = await fixtureRequest({ port, host: "intranet.ssrf-lab.test", ca });
    expect(overHttp.status).toBe(404);
    expect(overHttps.status).toBe(404);
  });

  it("lists a resolve rule to its port and every site, tracker, service, hostile-lab and changing-site host, exactly, as private targets", () => {
    const { port, resolveRules, allowPrivateTargets, sites } = web();
    expect(resolveRules).toEqual([`*=127.0.0.1:${port}`]);
    expect([...allowPrivateTargets].sort()).toEqual(
      [
        ...sites.map((site) => site.host),
        ...Object.keys(TRACKER_VENDORS),
        ...Object.keys(SERVICE_VENDORS),
        HOSTILE_HOST,
        CHANGING_HOST,
      ].sort(),
    );
    // The SSRF lab's probe host resolves to loopback through the rule but must stay refused.
    expect(allowPrivateTargets).not.toContain("intranet.ssrf-lab.test");
    expect(allowPrivateTargets.some((pattern) => pattern.includes("*"))).toBe(false);
  });

  it("describes every site with an https URL, except the SSRF lab and the site without HTTPS", () => {
    const sites = web().sites;
    expect(sites.map((site) => site.id)).toEqual([
      "quiet-bakery",
      "daily-courier",
      "green-grocer",
      "metrics-hub",
      "ssrf-lab",
      "travel-nook",
      "consent-desk",
      "hamnhotellet",
      "berg-apotheke",
      "le-petit-velo",
      "casa-olivo",
      "lantern-books",
      "helpdesk-hardware",
      "pinewood-lodge",
      "kaffeehaus-wien",
      "linden-press",
      "corner-cobbler",
      "village-library",
      "harbour-bank",
      "faded-gallery",
      "late-bloom",
      "sunny-radio",
      "moka-cafe",
      "ticket-hall",
      "maple-outfitters",
      "trail-maps",
      "bargain-barn",
      "copper-kettle",
      "goldfish-toys",
      "prairie-goods",
      "lindenhof-gaertnerei",
      "fromagerie-lucas",
      "libreria-sol",
      "trattoria-nonna",
      "fietsen-devries",
      "padaria-lisboa",
      "kwiaciarnia-roza",
      "stugan-cafe",
      "atlas-tools",
      "blank-canvas",
      "konditorei-hoffmann",
      "atelier-lumiere",
      "harbour-pub",
      "nordlicht-news",
      "alpine-optics",
      "seaside-rentals",
      "orchard-market",
      "fjord-gazette",
      "bazaar-daily",
      "hickory-home",
      "coastline-deals",
    ]);
    for (const site of sites) {
      // The SSRF lab and the site without HTTPS are visited over plain HTTP.
      expect(site.url).toBe(`${site.id === "ssrf-lab" || site.id === "corner-cobbler" ? "http" : "https"}://${site.host}/`);
      expect(site.description.length).toBeGreaterThan(20);
    }
  });
});

describe("FixtureWeb.close", () => {
  it("releases the port even with idle and half-open connections, and may be called twice", async () => {
    const web = await startFixtureWeb();
    // A keep-alive HTTPS connection and a socket that never sends a byte would both hold a naive close().
    await fixtureRequest({ port: web.port, host: "www.quiet-bakery.test", ca: web.caCertPem, headers: { connection: "keep-alive" } });
    const silent = connect({ host: "127.0.0.1", port: web.port });
    await new Promise<void>((resolve) => silent.once("connect", resolve));
    const closed = new Promise<void>((resolve) => silent.once("close", () => resolve()));
    await web.close();
    await web.close();
    await closed;

    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once("error", reject);
      probe.listen({ host: "127.0.0.1", port: web.port }, resolve);
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  it("listens on the port it is asked for", async () => {
    const finder = createServer();
    const port = await new Promise<number>((resolve) =>
      finder.listen({ host: "127.0.0.1", port: 0 }, () => resolve((finder.address() as { port: number }).port)),
    );
    await new Promise<void>((resolve) => finder.close(() => resolve()));
    const web = await startFixtureWeb({ port });
    try {
      expect(web.port).toBe(port);
      expect((await fixtureRequest({ port, host: "www.green-grocer.test", ca: web.caCertPem })).status).toBe(200);
    } finally {
      await web.close();
    }
  });
});
