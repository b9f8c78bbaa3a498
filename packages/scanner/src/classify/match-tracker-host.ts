import type { TrackerAttribution, TrackerCatalogue } from "./load-tracker-catalogue.js";
import { matchHostSuffix } from "./match-host-suffix.js";

/**
 * The catalogue's vendor and category for a host: the entry for the host itself or its nearest listed
 * parent domain (longest suffix on dot boundaries), or null when the catalogue does not know it.
 */
export function matchTrackerHost(catalogue: TrackerCatalogue, host: string): TrackerAttribution | null {
  return matchHostSuffix(catalogue.hosts, host) ?? null;
}
