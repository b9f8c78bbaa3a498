import type { SiteDefinition } from "../site-definition.js";
import { ATELIER_LUMIERE } from "./atelier-lumiere.js";
import { HARBOUR_PUB } from "./harbour-pub.js";
import { KONDITOREI_HOFFMANN } from "./konditorei-hoffmann.js";
import { NORDLICHT_NEWS } from "./nordlicht-news.js";

/** Sites built on the CMP libraries from npm that the other sites do not use yet, one library each. */
export const CMP_LIBRARY_SITES: readonly SiteDefinition[] = [KONDITOREI_HOFFMANN, ATELIER_LUMIERE, HARBOUR_PUB, NORDLICHT_NEWS];
