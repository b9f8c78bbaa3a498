import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A customer messenger before consent: a vendor whose hosts take the purpose its cookies have (Intercom: analytics). */
export const HELPDESK_HARDWARE: SiteDefinition = {
  id: "helpdesk-hardware",
  host: "www.helpdesk-hardware.test",
  description:
    "A computer-parts shop without a banner whose Intercom Messenger loads for every visitor: widget.intercom.io, js.intercomcdn.com and a ping to api-iam.intercom.io, and the first-party intercom-id-, intercom-session- and intercom-device-id- cookies of app hw4k9p2d.",
  assets: siteAssets("helpdesk-hardware"),
  httpsOnly: true,
};
