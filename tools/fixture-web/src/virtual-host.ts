import type { IncomingHttpHeaders } from "node:http";
import type { LeafOptions } from "./create-certificate-authority.js";
import type { Asset } from "./read-asset.js";

/** One request, as a route sees it. */
export interface FixtureRequest {
  method: string;
  /** `http(s)://<virtual host><path and query>`: the URL as the browser had it, without the loopback port. */
  url: URL;
  headers: IncomingHttpHeaders;
  cookies: ReadonlyMap<string, string>;
  secure: boolean;
}

export interface FixtureResponse {
  status: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

export interface RouteContext {
  request: FixtureRequest;
  /** Reads a file of this host's asset folder, with the standard placeholders and any extra ones filled in. */
  readAsset: (path: string, extraPlaceholders?: Readonly<Record<string, string>>) => Promise<Asset | undefined>;
}

/** A dynamic answer: one that sets cookies, depends on the query, or has no file behind it. */
export interface Route {
  /** Default: GET and HEAD. */
  methods?: readonly string[];
  /** An exact path, or a pattern tested against the path. */
  path: string | RegExp;
  respond: (context: RouteContext) => FixtureResponse | Promise<FixtureResponse>;
}

/** A folder served under a path prefix, byte for byte (npm packages' dist files). */
export interface Mount {
  prefix: string;
  dir: URL;
}

/** One host name the fixture web answers for: a site or a simulated tracker. */
export interface VirtualHost {
  host: string;
  /** Static files, served with placeholders (`__CANARY__`, `__FIXTURE_PORT__`) filled in. */
  assets?: URL;
  mounts?: readonly Mount[];
  routes?: readonly Route[];
  /** Paths that accept a WebSocket upgrade and echo every message. */
  websocketPaths?: readonly string[];
  /** Plain-HTTP requests get a 301 to HTTPS, as almost every real site does. */
  httpsOnly?: boolean;
  /** How the host answers TLS; default: a leaf of the fixture CA (see `HostTls`). */
  tls?: HostTls;
  /** Headers added to every response (for example HSTS). */
  headers?: Readonly<Record<string, string>>;
  /** Headers added to HTML pages only, computed per request (for example a session cookie). */
  pageHeaders?: (request: FixtureRequest) => Record<string, string | string[]>;
  /** Trackers answer cross-origin requests: preflights get 204 and responses carry CORS headers. */
  cors?: boolean;
}

/**
 * The TLS side of a virtual host. `none`: no HTTPS at all, the handshake is refused (a site that only
 * speaks HTTP). Otherwise a leaf of the fixture CA, with its own validity (days relative to now, see
 * `LeafValidity`) and chain (`LeafChain`: by default issued by the intermediate and sent with it, or
 * issued by the root and sent alone). The root is never sent, as by real servers: clients verify the
 * chain in full against the root they trust.
 */
export type HostTls = "none" | LeafOptions;
