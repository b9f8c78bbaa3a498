import type { Route } from "../virtual-host.js";

/** `/.well-known/gpc.json` as a site serves it (the GPC specification's support resource), with this body. */
export function gpcJsonRoute(body: string): Route {
  return {
    path: "/.well-known/gpc.json",
    respond: () => ({ status: 200, headers: { "content-type": "application/json", "cache-control": "max-age=86400" }, body }),
  };
}
