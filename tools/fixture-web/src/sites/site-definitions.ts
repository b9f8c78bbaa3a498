import type { SiteDefinition } from "../site-definition.js";
import { DAILY_COURIER } from "./daily-courier.js";
import { GREEN_GROCER } from "./green-grocer.js";
import { METRICS_HUB } from "./metrics-hub.js";
import { QUIET_BAKERY } from "./quiet-bakery.js";
import { SSRF_LAB } from "./ssrf-lab.js";

/** Every fixture site, in the order `FixtureWeb.sites` lists them. */
export const SITE_DEFINITIONS: readonly SiteDefinition[] = [QUIET_BAKERY, DAILY_COURIER, GREEN_GROCER, METRICS_HUB, SSRF_LAB];
