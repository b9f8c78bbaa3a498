import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { PeerCertificate, TLSSocket } from "node:tls";
import type { GroundTruth } from "../../src/index.js";

export interface FixtureRequestOptions {
  port: number;
  /** The virtual host: sent as Host and, over TLS, as SNI. The connection itself always goes to 127.0.0.1. */
  host: string;
  path?: string;
  secure?: boolean;
  /** PEM of the CA to trust; required for `secure`. */
  ca?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Accept a certificate whose only fault is its age (the expired-certificate site); any other fault still fails. */
  allowExpired?: boolean;
}

export interface FixtureReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  peerCertificate: PeerCertificate | undefined;
}

/**
 * One request to the fixture web, presenting a virtual host name while connecting to 127.0.0.1 only: the
 * way the scanner's resolver override reaches it. Redirects are never followed.
 */
export function fixtureRequest(options: FixtureRequestOptions): Promise<FixtureReply> {
  const secure = options.secure ?? true;
  const common = {
    host: "127.0.0.1",
    port: options.port,
    path: options.path ?? "/",
    method: options.method ?? "GET",
    headers: { host: options.host, ...options.headers },
    agent: false as const,
  };
  return new Promise((resolve, reject) => {
    const onResponse = (response: IncomingMessage): void => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const socket = response.socket as TLSSocket | null;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          text: body.toString("utf8"),
          peerCertificate:
            secure && socket !== null && typeof socket.getPeerCertificate === "function" ? socket.getPeerCertificate() : undefined,
        });
      });
    };
    const request = secure
      ? httpsRequest(
          {
            ...common,
            servername: options.host,
            ...(options.ca === undefined ? {} : { ca: options.ca }),
            ...(options.allowExpired === true ? { rejectUnauthorized: false } : {}),
          },
          onResponse,
        )
      : httpRequest(common, onResponse);
    if (secure && options.allowExpired === true) {
      // Node has no "ignore the date only" switch: verify by hand that nothing but the date is wrong.
      request.once("socket", (socket) =>
        socket.once("secureConnect", () => {
          const error = (socket as TLSSocket).authorizationError as unknown;
          if (error !== null && error !== undefined && error !== "CERT_HAS_EXPIRED")
            request.destroy(new Error(`certificate: ${typeof error === "string" ? error : "not trusted"}`));
        }),
      );
    }
    request.on("error", reject);
    request.end(options.body);
  });
}

/** All `Set-Cookie` header values of a reply. */
export function setCookiesOf(reply: FixtureReply): string[] {
  const value = reply.headers["set-cookie"];
  return value === undefined ? [] : value;
}

/** Hosts whose ground truth says their certificate has expired: requests to them need `allowExpired`. */
export function expiredCertificateHosts(sites: ReadonlyArray<{ host: string; groundTruth: GroundTruth }>): Set<string> {
  return new Set(sites.filter((site) => site.groundTruth.transport?.certificate?.expired === true).map((site) => site.host));
}
