import type { TrackerListMatcher } from "./create-tracker-list-matcher.js";
import type { OpenCookieDatabase } from "./load-open-cookie-database.js";
import type { TrackerCatalogue } from "./load-tracker-catalogue.js";

/** Everything the classification rules read, loaded once by `createClassifier`. */
export interface ClassifierData {
  readonly catalogue: TrackerCatalogue;
  readonly cookies: OpenCookieDatabase;
  readonly trackerList: TrackerListMatcher;
}
