import type { SiteDefinition } from "../site-definition.js";
import { CORNER_COBBLER } from "./corner-cobbler.js";
import { FADED_GALLERY } from "./faded-gallery.js";
import { HARBOUR_BANK } from "./harbour-bank.js";
import { LATE_BLOOM } from "./late-bloom.js";
import { MOKA_CAFE } from "./moka-cafe.js";
import { SUNNY_RADIO } from "./sunny-radio.js";
import { VILLAGE_LIBRARY } from "./village-library.js";

/** The sites about transport security: one per case the scanner's transport observation must tell apart. */
export const TRANSPORT_SITES: readonly SiteDefinition[] = [
  CORNER_COBBLER,
  VILLAGE_LIBRARY,
  HARBOUR_BANK,
  FADED_GALLERY,
  LATE_BLOOM,
  SUNNY_RADIO,
  MOKA_CAFE,
];
