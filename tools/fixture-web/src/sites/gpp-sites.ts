import type { SiteDefinition } from "../site-definition.js";
import { COASTLINE_DEALS } from "./coastline-deals.js";
import { HICKORY_HOME } from "./hickory-home.js";

/** The US sites with a real IAB GPP CMP API: one that honours Global Privacy Control, one that ignores it. */
export const GPP_SITES: readonly SiteDefinition[] = [HICKORY_HOME, COASTLINE_DEALS];
