import type { Page } from "puppeteer-core";
import { attachTargets, type AttachedTarget } from "./attach-targets.js";
import type { GuardedContext } from "./open-guarded-context.js";
import { presentAsRegularBrowser } from "./present-as-regular-browser.js";
import { disruptScanOf } from "./scan-disruption.js";

export interface OpenVisitPageOptions {
  viewport: { width: number; height: number };
  /** How every target presents itself: a regular browser's user agent and the scan's locale. */
  presentation: { userAgent: string; locale: string };
  /** Runs for every target (the page first) while it is paused: collectors attach here. */
  onTarget: (target: AttachedTarget) => Promise<void>;
}

/**
 * A new page in the guarded context, ready for one first visit: its viewport set, and every target it
 * will have (the page, iframes, workers) presenting as a regular browser and handed to `onTarget` before
 * it runs. Not navigated yet; the context's `close` closes it.
 */
export async function openVisitPage(guarded: GuardedContext, options: OpenVisitPageOptions): Promise<Page> {
  const page = await guarded.context.newPage();
  // puppeteer's page "error" is the renderer's crash (out of memory, killed): nothing more can be observed.
  page.once("error", () => disruptScanOf(guarded.context, "renderer_crashed"));
  await page.setViewport(options.viewport);
  const root = await page.createCDPSession();
  await attachTargets({
    root,
    onTarget: async (target) => {
      await presentAsRegularBrowser(target.session, { ...options.presentation, kind: target.kind });
      await options.onTarget(target);
    },
  });
  return page;
}
