import type { Asset } from "../read-asset.js";
import type { FixtureResponse } from "../virtual-host.js";

/** A tracker script as CDNs serve it: JavaScript, cacheable for a short while; 404 when the file is missing. */
export function scriptResponse(asset: Asset | undefined): FixtureResponse {
  if (asset === undefined) return { status: 404, headers: { "content-type": "text/plain; charset=utf-8" }, body: "Not found.\n" };
  return {
    status: 200,
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=900" },
    body: asset.body,
  };
}
