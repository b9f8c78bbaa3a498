import type { SiteDefinition } from "../site-definition.js";
import { ALPINE_OPTICS } from "./alpine-optics.js";
import { ORCHARD_MARKET } from "./orchard-market.js";
import { SEASIDE_RENTALS } from "./seaside-rentals.js";

/** The sites for Google Consent Mode v2: denied until consent, granted by default, and granted on reject. */
export const CONSENT_MODE_SITES: readonly SiteDefinition[] = [ALPINE_OPTICS, SEASIDE_RENTALS, ORCHARD_MARKET];
