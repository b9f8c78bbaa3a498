import type { CDPSession } from "puppeteer-core";
import type { TargetKind } from "./attach-targets.js";

export interface PresentOptions {
  /** The browser's user agent with `HeadlessChrome` replaced by `Chrome`. */
  userAgent: string;
  locale: string;
  kind: TargetKind;
}

/**
 * Makes a target look and behave like a regular desktop Chrome, not automation: third-party cookies
 * allowed as in a regular profile, the user agent and its client hints without "Headless", and
 * Accept-Language from the locale (`navigator.webdriver` is handled by a launch flag). Sites that hide their banner or trackers from bots must show a scan what they show a visitor.
 */
export async function presentAsRegularBrowser(session: CDPSession, options: PresentOptions): Promise<void> {
  if (options.kind === "other") return;
  if (options.kind === "page") {
    // A scan's context is off-the-record, which blocks third-party cookies like Incognito does; a regular
    // profile allows them. Older browsers without this command keep their default, and the cookie
    // collector records every refused cookie with the browser's reason either way.
    await session.send("Network.setCookieControls", { enableThirdPartyCookieRestriction: false }).catch(() => undefined);
  }
  const major = /Chrome\/(\d+)/.exec(options.userAgent)?.[1] ?? "0";
  const fullVersion = /Chrome\/([\d.]+)/.exec(options.userAgent)?.[1] ?? "0.0.0.0";
  await session.send("Network.setUserAgentOverride", {
    userAgent: options.userAgent,
    acceptLanguage: `${options.locale},${options.locale.split("-")[0]};q=0.9`,
    platform: "Linux x86_64",
    userAgentMetadata: {
      brands: [
        { brand: "Chromium", version: major },
        { brand: "Not/A)Brand", version: "24" },
      ],
      fullVersionList: [
        { brand: "Chromium", version: fullVersion },
        { brand: "Not/A)Brand", version: "24.0.0.0" },
      ],
      platform: "Linux",
      platformVersion: "6.1.0",
      architecture: "x86",
      model: "",
      mobile: false,
      bitness: "64",
      wow64: false,
    },
  });
}
