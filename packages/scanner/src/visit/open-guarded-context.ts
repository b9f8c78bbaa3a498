import type { Browser, BrowserContext } from "puppeteer-core";
import { startEgressProxy, type EgressGuard } from "../network/index.js";

/** A browser context of its own behind the scan's egress guard, for the fetches after the snapshot. */
export interface GuardedContext {
  context: BrowserContext;
  /** Hosts this context's proxy refused. */
  refusedHosts: ReadonlySet<string>;
  close(): Promise<void>;
}

/**
 * A fresh browser context with its own egress proxy and the scan's guard (so every connection is checked
 * exactly as the scan's are, and the refused hosts are this context's). Separate from the scan's context
 * on purpose: what the policy page or gpc.json sets or loads can never become the scan's evidence.
 */
export async function openGuardedContext(options: { browser: Browser; guard: EgressGuard }): Promise<GuardedContext> {
  const refusedHosts = new Set<string>();
  const proxy = await startEgressProxy({ guard: options.guard, onRefused: ({ host }) => refusedHosts.add(host) });
  const context = await options.browser
    .createBrowserContext({ proxyServer: proxy.url, proxyBypassList: ["<-loopback>"] })
    .catch(async (error: unknown) => {
      await proxy.close();
      throw error;
    });
  let closing: Promise<void> | null = null;
  return {
    context,
    refusedHosts,
    close: () =>
      (closing ??= (async () => {
        await context.close().catch(() => undefined);
        await proxy.close();
      })()),
  };
}
