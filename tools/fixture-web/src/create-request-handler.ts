import type { IncomingMessage, ServerResponse } from "node:http";
import { parseCookieHeader } from "./parse-cookie-header.js";
import { readAsset } from "./read-asset.js";
import { SHARED_MOUNT } from "./shared-mount.js";
import { isSecure, virtualHostName } from "./virtual-host-name.js";
import type { FixtureRequest, FixtureResponse, Route, RouteContext, VirtualHost } from "./virtual-host.js";

export interface RequestHandlerOptions {
  hosts: ReadonlyMap<string, VirtualHost>;
  /** Values of the standard placeholders; a function because the port is known only after listening. */
  placeholders: () => Readonly<Record<string, string>>;
}

const DEFAULT_METHODS = ["GET", "HEAD"] as const;

/** The one request handler of both the HTTP and the HTTPS side: routes by virtual host, then by path. */
export function createRequestHandler(options: RequestHandlerOptions): (request: IncomingMessage, response: ServerResponse) => void {
  return (incoming, outgoing) => {
    // Bodies (beacons, collect calls) are never read: drain them so keep-alive connections stay usable.
    incoming.resume();
    answer(options, incoming)
      .catch((error: unknown) => ({
        status: 500,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: `fixture-web: ${String(error)}\n`,
      }))
      .then((response) => send(outgoing, { response, head: incoming.method === "HEAD" }))
      .catch(() => outgoing.destroy());
  };
}

async function answer(options: RequestHandlerOptions, incoming: IncomingMessage): Promise<FixtureResponse> {
  const hostName = virtualHostName(incoming);
  const host = hostName === undefined ? undefined : options.hosts.get(hostName);
  if (host === undefined || hostName === undefined) return plain(404, `No site is served for host ${JSON.stringify(hostName ?? "")}.\n`);

  const secure = isSecure(incoming);
  const url = new URL(`${secure ? "https" : "http"}://${hostName}${originForm(incoming.url)}`);
  const request: FixtureRequest = {
    method: incoming.method ?? "GET",
    url,
    headers: incoming.headers,
    cookies: parseCookieHeader(incoming.headers.cookie),
    secure,
  };
  const response = await respond({ host, request, placeholders: options.placeholders() });
  return decorate({ host, request, response });
}

async function respond(options: {
  host: VirtualHost;
  request: FixtureRequest;
  placeholders: Readonly<Record<string, string>>;
}): Promise<FixtureResponse> {
  const { host, request, placeholders } = options;
  if (!request.secure && host.httpsOnly === true) {
    return { status: 301, headers: { location: `https://${host.host}${request.url.pathname}${request.url.search}` } };
  }
  if (request.method === "OPTIONS" && host.cors === true) return { status: 204 };

  const route = host.routes?.find((candidate) => matches(candidate, request));
  if (route !== undefined) {
    const context: RouteContext = {
      request,
      readAsset: async (path, extra) =>
        host.assets === undefined ? undefined : readAsset({ root: host.assets, path, placeholders: { ...placeholders, ...extra } }),
    };
    return route.respond(context);
  }
  if (request.method !== "GET" && request.method !== "HEAD") return plain(405, "Method not allowed.\n");

  const path = request.url.pathname;
  for (const mount of [SHARED_MOUNT, ...(host.mounts ?? [])]) {
    if (!path.startsWith(mount.prefix)) continue;
    const asset = await readAsset({ root: mount.dir, path: path.slice(mount.prefix.length) });
    if (asset !== undefined)
      return { status: 200, headers: { "content-type": asset.contentType, "cache-control": "public, max-age=86400" }, body: asset.body };
  }
  if (host.assets !== undefined) {
    const asset = await readAsset({ root: host.assets, path, placeholders });
    if (asset !== undefined) {
      const html = asset.contentType.startsWith("text/html");
      return {
        status: 200,
        headers: {
          "content-type": asset.contentType,
          "cache-control": html ? "no-cache" : "public, max-age=3600",
          ...(html ? host.pageHeaders?.(request) : {}),
        },
        body: asset.body,
      };
    }
  }
  return plain(404, "Not found.\n");
}

/**
 * The path and query of a request target. Built onto the virtual host rather than resolved against it, so
 * a target such as `//other.test/x` cannot change the host; an absolute-form target (sent to a proxy) is
 * reduced to its path.
 */
function originForm(target: string | undefined): string {
  if (target === undefined || target === "") return "/";
  if (target.startsWith("/")) return target;
  const absolute = URL.parse(target);
  return absolute === null ? "/" : `${absolute.pathname}${absolute.search}`;
}

function matches(route: Route, request: FixtureRequest): boolean {
  const methods = route.methods ?? DEFAULT_METHODS;
  if (!methods.includes(request.method)) return false;
  return typeof route.path === "string" ? route.path === request.url.pathname : route.path.test(request.url.pathname);
}

/** Adds the host-wide headers: its own (HSTS, …) and, for trackers, CORS that answers the calling origin. */
function decorate(options: { host: VirtualHost; request: FixtureRequest; response: FixtureResponse }): FixtureResponse {
  const { host, request, response } = options;
  const headers: Record<string, string | string[]> = { ...host.headers, ...response.headers };
  if (host.cors === true) {
    const origin = request.headers.origin;
    headers["access-control-allow-origin"] = origin ?? "*";
    if (origin !== undefined) headers["access-control-allow-credentials"] = "true";
    headers["access-control-allow-headers"] = "content-type";
    headers["access-control-allow-methods"] = "GET, POST, OPTIONS";
    headers.vary = "Origin";
  }
  return { ...response, headers };
}

function plain(status: number, body: string): FixtureResponse {
  return { status, headers: { "content-type": "text/plain; charset=utf-8" }, body };
}

function send(outgoing: ServerResponse, options: { response: FixtureResponse; head: boolean }): void {
  const { response, head } = options;
  const body = response.body === undefined ? undefined : Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body);
  outgoing.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers ?? {})) outgoing.setHeader(name, value);
  if (body !== undefined) outgoing.setHeader("content-length", body.length);
  outgoing.end(head ? undefined : body);
}
