/* global document */
// Hickory Home's consent platform (see /shared/gpp-cmp.js): a US store that honours Global Privacy Control.
// A visitor whose browser sends the signal has opted out of the sale and sharing of personal information
// and of targeted advertising, in the GPP string's national section (whose GPC sub-section says the signal
// was received) and in the US Privacy string, and the advertising tag (the Meta pixel) is not loaded.
import { startGppCmp } from "/shared/gpp-cmp.js";

const gpc = navigator.globalPrivacyControl === true;
/** The MSPA opt-out fields: 1 opted out, 2 did not opt out. */
const optOut = gpc ? 1 : 2;

startGppCmp({
  sections: {
    usnat: {
      // Notice of each right was given (1).
      SharingNotice: 1,
      SaleOptOutNotice: 1,
      SharingOptOutNotice: 1,
      TargetedAdvertisingOptOutNotice: 1,
      SaleOptOut: optOut,
      SharingOptOut: optOut,
      TargetedAdvertisingOptOut: optOut,
      // Not a transaction covered by the IAB's Multi-State Privacy Agreement (2: no).
      MspaCoveredTransaction: 2,
      GpcSegmentIncluded: true,
      Gpc: gpc,
    },
  },
  // Version 1, notice given, opted out of sale (Y only with GPC), not covered by the LSPA.
  uspString: gpc ? "1YYN" : "1YNN",
});

if (!gpc) {
  const script = document.createElement("script");
  script.src = "/assets/meta-pixel.js";
  document.head.appendChild(script);
}
