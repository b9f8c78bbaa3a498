import type { SiteDefinition } from "../site-definition.js";
import { BARGAIN_BARN } from "./bargain-barn.js";
import { COPPER_KETTLE } from "./copper-kettle.js";
import { GOLDFISH_TOYS } from "./goldfish-toys.js";
import { MAPLE_OUTFITTERS } from "./maple-outfitters.js";
import { TICKET_HALL } from "./ticket-hall.js";
import { TRAIL_MAPS } from "./trail-maps.js";

/**
 * The sites for the phases after the pre-consent snapshot: tracking after reject, GPC honoured or ignored,
 * and a choice remembered or forgotten on the next page.
 */
export const CONSENT_PHASE_SITES: readonly SiteDefinition[] = [
  TICKET_HALL,
  MAPLE_OUTFITTERS,
  TRAIL_MAPS,
  BARGAIN_BARN,
  COPPER_KETTLE,
  GOLDFISH_TOYS,
];
