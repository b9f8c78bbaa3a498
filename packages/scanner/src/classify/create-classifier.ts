import type { Classifier } from "./classifier.js";
import type { ClassifierData } from "./classifier-data.js";
import { classifyNamedItem } from "./classify-named-item.js";
import { classifyRequest } from "./classify-request.js";
import { createTrackerListMatcher } from "./create-tracker-list-matcher.js";
import { loadOpenCookieDatabase } from "./load-open-cookie-database.js";
import { loadTcfVendorList } from "./load-tcf-vendor-list.js";
import { loadTrackerCatalogue } from "./load-tracker-catalogue.js";
import { partyOf, registrableDomainOf } from "./party-of.js";
import { toVendorCookiePurposes } from "./to-vendor-cookie-purposes.js";

export interface CreateClassifierOptions {
  /** Replaces `data/tracker-catalogue.json`. */
  trackerCatalogueUrl?: URL;
  /** Replaces `data/open-cookie-database/` (a folder URL ending in `/`, with the CSV and `VERSION`). */
  openCookieDatabaseDirectory?: URL;
  /** Replaces `data/easyprivacy/easyprivacy.txt`, e.g. with a refreshed download. */
  easyPrivacyListUrl?: URL;
  /**
   * An IAB Global Vendor List (`vendor-list.json`) the operator downloaded under IAB Europe's terms, to name
   * the vendors of decoded TC strings; none is shipped (`loadTcfVendorList`).
   */
  tcfVendorListUrl?: URL;
}

/**
 * Loads the catalogue, the Open Cookie Database and EasyPrivacy once (EasyPrivacy's parse dominates, about
 * 0.2 s) and answers from memory afterwards. Create one per process and share it across scans.
 */
export async function createClassifier(options: CreateClassifierOptions = {}): Promise<Classifier> {
  const [catalogue, cookies, trackerList, tcfVendorList] = await Promise.all([
    loadTrackerCatalogue({ url: options.trackerCatalogueUrl }),
    loadOpenCookieDatabase({ directory: options.openCookieDatabaseDirectory }),
    createTrackerListMatcher({ listUrl: options.easyPrivacyListUrl }),
    options.tcfVendorListUrl === undefined ? null : loadTcfVendorList(options.tcfVendorListUrl),
  ]);
  const data: ClassifierData = { catalogue, cookies, trackerList, vendorPurposes: toVendorCookiePurposes(cookies, catalogue) };
  return {
    classifyRequest: (input) => classifyRequest(data, input),
    classifyCookie: (input) => classifyNamedItem(data, { name: input.name, host: input.domain }),
    classifyStorageKey: (input) => classifyNamedItem(data, { name: input.name, host: input.originHost }),
    partyOf,
    registrableDomainOf,
    dataVersions: {
      easyprivacy: trackerList.version,
      openCookieDatabase: cookies.version.slice(0, 7),
      trackerCatalogue: catalogue.version,
      ...(tcfVendorList === null ? {} : { tcfVendorList: String(tcfVendorList.version) }),
    },
    tcfVendorList,
  };
}
