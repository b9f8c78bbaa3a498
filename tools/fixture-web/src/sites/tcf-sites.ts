import type { SiteDefinition } from "../site-definition.js";
import { BAZAAR_DAILY } from "./bazaar-daily.js";
import { FJORD_GAZETTE } from "./fjord-gazette.js";

/** The sites with a real IAB TCF v2.2 CMP API: one well-behaved, one that claims consent before a choice. */
export const TCF_SITES: readonly SiteDefinition[] = [FJORD_GAZETTE, BAZAAR_DAILY];
