import type { Page } from "puppeteer-core";
import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";

/** How long one close request may take before it is sent again, and how often. */
export interface ClosePageOptions {
  waitMs?: number;
  tries?: number;
}

const DEFAULT_WAIT_MS = 1000;
const DEFAULT_TRIES = 4;

/**
 * Closes a page the scanner opened beside a visit (a policy page, gpc.json, a popup), and never waits for
 * ever. Chromium drops a close request that arrives while a navigation is committing (a page that reloads
 * itself with a meta refresh or a script, or a redirect page): `Target.closeTarget` answers, the tab stays
 * open and keeps loading, and puppeteer's `page.close()` waits for a target-destroyed event that never
 * comes. Measured on a page refreshing every 0.3 s: about half the closes hung; a repeated request closed
 * every one. So the request is sent again until the page is gone; after `tries` the page is left to the
 * context's own close, which ends every tab in it. Resolves to whether the page is known to be closed.
 */
export async function closePage(page: Page, options: ClosePageOptions = {}): Promise<boolean> {
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const tries = options.tries ?? DEFAULT_TRIES;
  for (let attempt = 0; attempt < tries && !page.isClosed(); attempt += 1) {
    // A rejection (the browser or the context went away first) also means the page is gone.
    const closing = page.close().then(
      () => true,
      () => true,
    );
    if ((await withTimeout(closing, { ms: waitMs })) !== TIMED_OUT) return true;
  }
  return page.isClosed();
}
