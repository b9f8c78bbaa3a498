import { type SiteDefinition, siteAssets } from "../site-definition.js";
import type { Route } from "../virtual-host.js";
import { gpcJsonRoute } from "./gpc-json-route.js";

function privacySite(options: { id: string; description: string; routes?: Route[] }): SiteDefinition {
  return {
    id: options.id,
    host: `www.${options.id}.test`,
    description: options.description,
    assets: siteAssets(options.id),
    httpsOnly: true,
    ...(options.routes ? { routes: options.routes } : {}),
  };
}

/**
 * The sites about privacy policies and US-law signals (see README, "Privacy-policy sites"): a policy in
 * each of nine languages, found in the footer, the cookie banner or only at a common path; one policy
 * without several disclosures; a policy link to a 404; no policy at all; a US store with the CCPA/CPRA
 * links, the opt-out icon and a valid gpc.json, and a site with an invalid one.
 */
export const PRIVACY_SITES: readonly SiteDefinition[] = [
  privacySite({
    id: "prairie-goods",
    description:
      "A US outdoor store (en): footer links to the privacy policy, 'Notice at Collection', 'Do Not Sell or Share My Personal Information', 'Limit the Use of My Sensitive Personal Information' and 'Your Privacy Choices' with the opt-out icon as inline SVG; a valid /.well-known/gpc.json; Google Analytics and the Meta pixel, of which the policy names only Google.",
    routes: [gpcJsonRoute(JSON.stringify({ gpc: true, lastUpdate: "2025-01-15" }))],
  }),
  privacySite({
    id: "lindenhof-gaertnerei",
    description:
      "A German nursery (de): a footer link 'Datenschutz' to a full Datenschutzerklärung at /datenschutz; an invalid /.well-known/gpc.json (`gpc` is a string).",
    routes: [gpcJsonRoute(JSON.stringify({ gpc: "yes", lastUpdate: "2024-05-01" }))],
  }),
  privacySite({
    id: "fromagerie-lucas",
    description: "A cheese shop in Lyon (fr): the policy (/confidentialite, complete) is linked only from the cookie banner.",
  }),
  privacySite({
    id: "libreria-sol",
    description: "A bookshop in Madrid (es): a complete policy at /politica-de-privacidad, linked from the footer.",
  }),
  privacySite({
    id: "trattoria-nonna",
    description: "A restaurant in Florence (it): a complete policy at /informativa-privacy, linked from the footer.",
  }),
  privacySite({
    id: "fietsen-devries",
    description: "A bicycle shop in Utrecht (nl): a complete policy at /privacyverklaring, linked from the footer.",
  }),
  privacySite({
    id: "padaria-lisboa",
    description: "A bakery in Lisbon (pt): a complete policy at /politica-de-privacidade, linked from the footer.",
  }),
  privacySite({
    id: "kwiaciarnia-roza",
    description:
      "A florist in Kraków (pl): a footer link to a policy (/polityka-prywatnosci) without a DPO, transfers, retention, withdrawal of consent, complaints or automated decisions.",
  }),
  privacySite({
    id: "stugan-cafe",
    description: "A café in Stockholm (sv): no policy link on the page; the policy exists at the common path /integritetspolicy.",
  }),
  privacySite({ id: "atlas-tools", description: "A tool shop (en) whose footer link 'Privacy policy' leads to a 404." }),
  privacySite({ id: "blank-canvas", description: "A pop-up gallery (en) with no policy link and no policy at any common path." }),
];
