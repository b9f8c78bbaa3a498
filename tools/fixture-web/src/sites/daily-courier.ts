import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** The bad example: a consent banner is shown, but every tag fires before anyone answers it. */
export const DAILY_COURIER: SiteDefinition = {
  id: "daily-courier",
  host: "www.daily-courier.test",
  description:
    "A news site with a vanilla-cookieconsent banner that loads Google (gtag, GA4, Floodlight on DoubleClick, a YouTube embed), the Meta pixel and, 1.5 s after load, Hotjar, all before consent.",
  assets: siteAssets("daily-courier"),
  mounts: [{ prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) }],
  httpsOnly: true,
};
