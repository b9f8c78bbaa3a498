/** Classification of requests, cookies and storage keys: vendor, purpose, party. Named exports only. */
export type {
  Classifier,
  ClassifierDataVersions,
  ClassifyCookieInput,
  ClassifyRequestInput,
  ClassifyRequestResult,
  ClassifyStorageKeyInput,
} from "./classifier.js";
export { createClassifier } from "./create-classifier.js";
export type { CreateClassifierOptions } from "./create-classifier.js";
export { ADBLOCKER_REQUEST_TYPE, createTrackerListMatcher } from "./create-tracker-list-matcher.js";
export type { CreateTrackerListMatcherOptions, IsListedTrackerInput, TrackerListMatcher } from "./create-tracker-list-matcher.js";
export { loadOpenCookieDatabase, OPEN_COOKIE_DATABASE_COLUMNS, parseOpenCookieDatabase } from "./load-open-cookie-database.js";
export type { LoadOpenCookieDatabaseOptions, OpenCookieDatabase, OpenCookieEntry } from "./load-open-cookie-database.js";
export { loadTrackerCatalogue, parseTrackerCatalogue } from "./load-tracker-catalogue.js";
export type { LoadTrackerCatalogueOptions, PlatformAttribution, TrackerAttribution, TrackerCatalogue } from "./load-tracker-catalogue.js";
export { domainAgreement, matchCookieName } from "./match-cookie-name.js";
export type { DomainAgreement, MatchCookieNameInput } from "./match-cookie-name.js";
export { matchTrackerHost } from "./match-tracker-host.js";
export { PURPOSE_BY_OPEN_COOKIE_CATEGORY, purposeOfOpenCookieCategory } from "./open-cookie-purpose.js";
export { partyOf, registrableDomainOf } from "./party-of.js";
export type { PartyOfInput } from "./party-of.js";
export {
  CATALOGUE_CATEGORIES,
  PURPOSE_BY_SERVICE_CATEGORY,
  PURPOSE_BY_TRACKER_CATEGORY,
  purposeOfCategory,
  TRACKER_CATEGORIES,
} from "./tracker-category.js";
export type { CatalogueCategory, TrackerCategory } from "./tracker-category.js";
