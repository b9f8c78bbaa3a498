import type { Mount } from "./virtual-host.js";

/**
 * Files every site may use at `/shared/` (the plain and the shop stylesheet, the IAB GPP sites' stub and CMP
 * set-up), so sites that look alike do not each carry a copy. Served from the site's own host, like any
 * first-party asset.
 */
export const SHARED_MOUNT: Mount = { prefix: "/shared/", dir: new URL("../shared/", import.meta.url) };
