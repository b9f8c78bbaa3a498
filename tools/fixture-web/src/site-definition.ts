import { SITES_DIR } from "./sites-dir.js";
import type { VirtualHost } from "./virtual-host.js";

/** A fixture site: its virtual host plus what the catalogue says about it. Ground truth lives in `sites/<id>/ground-truth.json`. */
export interface SiteDefinition extends VirtualHost {
  id: string;
  description: string;
  /** The address a scan starts from. Default `https://<host>/`. */
  url?: string;
}

/** `sites/<id>/public/`: the files a site serves. Its ground truth sits beside this folder, never inside it. */
export function siteAssets(id: string): URL {
  return new URL(`${id}/public/`, SITES_DIR);
}

/** `sites/_trackers/<host>/`: the files a simulated tracker host serves. */
export function trackerAssets(host: string): URL {
  return new URL(`_trackers/${host}/`, SITES_DIR);
}
