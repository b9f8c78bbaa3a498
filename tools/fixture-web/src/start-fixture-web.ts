import { createServer as createHttpServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createSecureContext, type SecureContext } from "node:tls";
import { CANARY } from "./canary.js";
import { createCertificateAuthority } from "./create-certificate-authority.js";
import { createDualProtocolServer } from "./create-dual-protocol-server.js";
import { createRequestHandler } from "./create-request-handler.js";
import { createUpgradeHandler } from "./create-upgrade-handler.js";
import type { FixtureWeb } from "./fixture-web.js";
import { changingSiteHost } from "./changing/changing-site.js";
import { hostileLabHost } from "./hostile/hostile-pages.js";
import { loadSites } from "./load-sites.js";
import { SERVICE_HOSTS } from "./services/service-hosts.js";
import { SITE_DEFINITIONS } from "./sites/site-definitions.js";
import { TRACKER_HOSTS } from "./trackers/tracker-hosts.js";
import type { VirtualHost } from "./virtual-host.js";

export interface StartFixtureWebOptions {
  /** Port on 127.0.0.1; default 0, an ephemeral port. */
  port?: number;
  /** More hosts to serve beside the fixture web's own (the memory benchmark's page, `heavyNewsHosts`). */
  extraHosts?: readonly VirtualHost[];
}

/**
 * Starts every fixture site and simulated tracker on one loopback port, HTTP and HTTPS together, with a
 * fresh local CA. Only 127.0.0.1 is bound: the fixture web is reachable from this machine only.
 */
export async function startFixtureWeb(options: StartFixtureWebOptions = {}): Promise<FixtureWeb> {
  const virtualHosts: VirtualHost[] = [
    ...SITE_DEFINITIONS,
    ...TRACKER_HOSTS,
    ...SERVICE_HOSTS,
    hostileLabHost(),
    changingSiteHost(),
    ...(options.extraHosts ?? []),
  ];
  const hosts = new Map(virtualHosts.map((host) => [host.host, host]));
  if (hosts.size !== virtualHosts.length) throw new Error("fixture-web: a host name is defined twice");
  const [sites, authority] = await Promise.all([loadSites(SITE_DEFINITIONS), createCertificateAuthority()]);

  let port = 0;
  const handler = createRequestHandler({ hosts, placeholders: () => ({ CANARY, FIXTURE_PORT: String(port) }) });
  const upgrade = createUpgradeHandler(hosts);

  // A connection without SNI (an IP-literal URL) gets a certificate for localhost: valid chain, wrong name.
  const fallback = await authority.issue("localhost");
  const contexts = new Map<string, Promise<SecureContext>>();
  const contextFor = (servername: string): Promise<SecureContext> => {
    let context = contexts.get(servername);
    if (context === undefined) {
      const tls = hosts.get(servername)?.tls;
      // A host without HTTPS: the handshake fails, as at a server with nothing on port 443.
      if (tls === "none") return Promise.reject(new Error(`fixture-web: ${servername} has no HTTPS`));
      context = authority.issue(servername, tls).then((issued) => createSecureContext({ key: issued.keyPem, cert: issued.chainPem }));
      contexts.set(servername, context);
    }
    return context;
  };

  const http = createHttpServer(handler);
  const https = createHttpsServer(
    {
      key: fallback.keyPem,
      cert: fallback.chainPem,
      SNICallback: (servername, callback) => {
        contextFor(servername.toLowerCase()).then(
          (context) => callback(null, context),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
    },
    handler,
  );
  http.on("upgrade", upgrade);
  https.on("upgrade", upgrade);

  const dual = createDualProtocolServer({ http, https });
  await new Promise<void>((resolve, reject) => {
    dual.server.once("error", reject);
    dual.server.listen({ host: "127.0.0.1", port: options.port ?? 0 }, () => {
      dual.server.off("error", reject);
      resolve();
    });
  });
  const address = dual.server.address();
  if (address === null || typeof address === "string") throw new Error("fixture-web: no TCP address after listen");
  port = address.port;

  let closing: Promise<void> | undefined;
  return {
    port,
    caCertPem: authority.certPem,
    resolveRules: [`*=127.0.0.1:${port}`],
    // Exact names, no wildcard: anything else that resolves to loopback (the SSRF lab's probes) stays refused.
    allowPrivateTargets: [...hosts.keys()],
    sites,
    close: () => (closing ??= dual.close()),
  };
}
