/* global window */
// The consent platform of the US sites with an IAB GPP CMP: the IAB Tech Lab's CMP API (@iabgpp/cmpapi,
// served from its npm package under /vendor/iabgpp-cmpapi/ and named by each page's import map) answers
// `__gpp`, taking over the stub (/shared/gpp-stub.js) and answering what it queued, and encodes the GPP
// string from the fields the site sets. The US Privacy API (`__uspapi`), which the IAB library does not
// provide, is defined beside it, as CMPs that still serve the older CCPA string do. Each site decides the
// fields (in its assets/cmp.js): whether it honours Global Privacy Control is the site's choice, not this file's.
import { CmpApi, CmpStatus, Sections, SignalStatus } from "@iabgpp/cmpapi";

/** A fictional CMP id (the IAB TCF sites use the same one) and this CMP's version. */
const CMP_ID = 300;
const CMP_VERSION = 1;
const SECTION_IDS = new Map([...Sections.SECTION_ID_NAME_MAP].map(([id, name]) => [name, id]));

/**
 * Starts the CMP API with these sections (`{ usnat: { SaleOptOut: 2, … }, … }`: the IAB library's section
 * and field names) and this US Privacy string, and says its signal is ready: the string then stands for
 * what the site will do on this visit.
 */
export function startGppCmp({ sections, uspString }) {
  const cmpApi = new CmpApi(CMP_ID, CMP_VERSION);
  for (const [section, fields] of Object.entries(sections)) {
    for (const [field, value] of Object.entries(fields)) cmpApi.setFieldValue(section, field, value);
  }
  const ids = Object.keys(sections)
    .map((section) => SECTION_IDS.get(section))
    .sort((a, b) => a - b);
  cmpApi.setApplicableSections(ids);
  cmpApi.setSupportedAPIs(ids.map((id) => `${id}:${Sections.SECTION_ID_NAME_MAP.get(id)}`));
  cmpApi.setCmpStatus(CmpStatus.LOADED);
  cmpApi.setSignalStatus(SignalStatus.READY);

  // The US Privacy API's one command, `getUSPData` version 1 (IAB CCPA Compliance Framework).
  window.__uspapi = (command, version, callback) => {
    if (typeof callback !== "function") return;
    if (command === "getUSPData" && version === 1) callback({ version: 1, uspString }, true);
    else callback(null, false);
  };
  return cmpApi;
}
