import type { Purpose } from "@public-scan/core";
import type { TrackerListMatcher } from "./create-tracker-list-matcher.js";
import type { OpenCookieDatabase } from "./load-open-cookie-database.js";
import type { TrackerCatalogue } from "./load-tracker-catalogue.js";

/** Everything the classification rules read, loaded once by `createClassifier`. */
export interface ClassifierData {
  readonly catalogue: TrackerCatalogue;
  readonly cookies: OpenCookieDatabase;
  readonly trackerList: TrackerListMatcher;
  /** Each vendor's purpose as its cookies have it (`toVendorCookiePurposes`), for hosts the catalogue gives none. */
  readonly vendorPurposes: ReadonlyMap<string, Purpose>;
}
