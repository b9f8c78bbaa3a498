import type { SiteDefinition } from "../site-definition.js";
import { BERG_APOTHEKE } from "./berg-apotheke.js";
import { CASA_OLIVO } from "./casa-olivo.js";
import { CMP_LIBRARY_SITES } from "./cmp-library-sites.js";
import { CONSENT_DESK } from "./consent-desk.js";
import { CONSENT_MODE_SITES } from "./consent-mode-sites.js";
import { CONSENT_PHASE_SITES } from "./consent-phase-sites.js";
import { DAILY_COURIER } from "./daily-courier.js";
import { GPP_SITES } from "./gpp-sites.js";
import { GREEN_GROCER } from "./green-grocer.js";
import { HAMNHOTELLET } from "./hamnhotellet.js";
import { HELPDESK_HARDWARE } from "./helpdesk-hardware.js";
import { KAFFEEHAUS_WIEN } from "./kaffeehaus-wien.js";
import { LANTERN_BOOKS } from "./lantern-books.js";
import { LE_PETIT_VELO } from "./le-petit-velo.js";
import { LINDEN_PRESS } from "./linden-press.js";
import { METRICS_HUB } from "./metrics-hub.js";
import { PINEWOOD_LODGE } from "./pinewood-lodge.js";
import { QUIET_BAKERY } from "./quiet-bakery.js";
import { PRIVACY_SITES } from "./privacy-sites.js";
import { SSRF_LAB } from "./ssrf-lab.js";
import { TCF_SITES } from "./tcf-sites.js";
import { TRANSPORT_SITES } from "./transport-sites.js";
import { TRAVEL_NOOK } from "./travel-nook.js";

/** Every fixture site, in the order `FixtureWeb.sites` lists them. */
export const SITE_DEFINITIONS: readonly SiteDefinition[] = [
  QUIET_BAKERY,
  DAILY_COURIER,
  GREEN_GROCER,
  METRICS_HUB,
  SSRF_LAB,
  TRAVEL_NOOK,
  CONSENT_DESK,
  HAMNHOTELLET,
  BERG_APOTHEKE,
  LE_PETIT_VELO,
  CASA_OLIVO,
  LANTERN_BOOKS,
  HELPDESK_HARDWARE,
  PINEWOOD_LODGE,
  KAFFEEHAUS_WIEN,
  LINDEN_PRESS,
  ...TRANSPORT_SITES,
  ...CONSENT_PHASE_SITES,
  ...PRIVACY_SITES,
  ...CMP_LIBRARY_SITES,
  ...CONSENT_MODE_SITES,
  ...TCF_SITES,
  ...GPP_SITES,
];
