import type { SiteDefinition } from "../site-definition.js";
import { BARGAIN_BARN } from "./bargain-barn.js";
import { MAPLE_OUTFITTERS } from "./maple-outfitters.js";
import { TICKET_HALL } from "./ticket-hall.js";
import { TRAIL_MAPS } from "./trail-maps.js";

/** The sites for the phases after the pre-consent snapshot: tracking after reject, and GPC honoured or ignored. */
export const CONSENT_PHASE_SITES: readonly SiteDefinition[] = [TICKET_HALL, MAPLE_OUTFITTERS, TRAIL_MAPS, BARGAIN_BARN];
