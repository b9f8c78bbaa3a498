import type { Page } from "puppeteer-core";
import { withTimeout } from "../timing/with-timeout.js";
import { evaluateInIsolatedWorld } from "../visit/evaluate-in-isolated-world.js";
import { nextPageLinkScript } from "./next-page-link-script.js";

/** The second page of the site a next-page phase opens: a link of the page, or its home page. */
export interface NextPage {
  url: string;
  via: "link" | "home";
}

const PICK_TIMEOUT_MS = 2000;

/**
 * The page a visitor would open next: the best link of the current page (`nextPageLinkScript`), checked
 * again here because the page's answer is not trusted (same host, http or https, another path), or else
 * the site's home page when the visit is not on it; null when there is neither.
 */
export async function pickNextPage(page: Page): Promise<NextPage | null> {
  let current: URL;
  try {
    current = new URL(page.url());
  } catch {
    return null;
  }
  const picked = await withTimeout(
    evaluateInIsolatedWorld<unknown>(page, { expression: nextPageLinkScript(), worldName: "public-scan-next-page" }),
    { ms: PICK_TIMEOUT_MS },
  ).catch(() => null);
  if (typeof picked === "string" && picked.length <= 4096) {
    const url = parseSameHost(picked, current);
    if (url !== null) return { url, via: "link" };
  }
  if (current.pathname !== "/") return { url: new URL("/", current).href, via: "home" };
  return null;
}

function parseSameHost(href: string, current: URL): string | null {
  try {
    const url = new URL(href);
    if (url.protocol !== current.protocol && !(url.protocol === "https:" && current.protocol === "http:")) return null;
    if (url.hostname !== current.hostname || url.pathname === current.pathname) return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}
