// Coastline Deals' consent platform (see /shared/gpp-cmp.js): a California deals site whose GPP string has
// a national and a California section, and which ignores Global Privacy Control: it never reads the signal,
// so every visitor, with it or without, "did not opt out" of sale, sharing or targeted advertising, the GPC
// sub-sections say no signal was received, and the US Privacy string says no opt-out of sale. Its
// /.well-known/gpc.json claims support all the same.
import { startGppCmp } from "/shared/gpp-cmp.js";

/** The MSPA fields: notice given (1), did not opt out (2), not an MSPA-covered transaction (2). */
const GIVEN = 1;
const DID_NOT_OPT_OUT = 2;
const NOT_COVERED = 2;

startGppCmp({
  sections: {
    usnat: {
      SharingNotice: GIVEN,
      SaleOptOutNotice: GIVEN,
      SharingOptOutNotice: GIVEN,
      TargetedAdvertisingOptOutNotice: GIVEN,
      SaleOptOut: DID_NOT_OPT_OUT,
      SharingOptOut: DID_NOT_OPT_OUT,
      TargetedAdvertisingOptOut: DID_NOT_OPT_OUT,
      MspaCoveredTransaction: NOT_COVERED,
      GpcSegmentIncluded: true,
      Gpc: false,
    },
    // California's section has no targeted-advertising opt-out: sharing covers cross-context advertising.
    usca: {
      SaleOptOutNotice: GIVEN,
      SharingOptOutNotice: GIVEN,
      SaleOptOut: DID_NOT_OPT_OUT,
      SharingOptOut: DID_NOT_OPT_OUT,
      MspaCoveredTransaction: NOT_COVERED,
      GpcSegmentIncluded: true,
      Gpc: false,
    },
  },
  // Version 1, notice given, no opt-out of sale, not covered by the LSPA.
  uspString: "1YNN",
});
