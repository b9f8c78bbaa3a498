import type { Browser, BrowserContext } from "puppeteer-core";
import { startEgressProxy, type EgressGuard } from "../network/index.js";
import { createPageBehaviourTally, guardPageBehaviour, type PageBehaviourTally } from "./guard-page-behaviour.js";
import { bindContextToScan } from "./scan-disruption.js";

/** A browser context of its own behind the scan's egress guard. */
export interface GuardedContext {
  context: BrowserContext;
  /** Hosts this context's proxy refused. */
  refusedHosts: ReadonlySet<string>;
  /** Dialogs dismissed and windows closed in this context (the scan's tally when it passed one). */
  behaviour: PageBehaviourTally;
  /** Closes the context, then its proxy; safe to call more than once. */
  close(): Promise<void>;
}

export interface OpenGuardedContextOptions {
  browser: Browser;
  guard: EgressGuard;
  /** Aborting closes the context at once (whatever runs in it then fails); `close` still has to be called. */
  signal?: AbortSignal | undefined;
  /** Where to count what the pages tried (one tally per scan, shared by its contexts); default: its own. */
  behaviour?: PageBehaviourTally | undefined;
}

/**
 * The one way the scanner opens a browser context: a fresh context with its own egress proxy and the
 * scan's guard, so every connection is checked exactly as the scan's are and the refused hosts are this
 * context's alone. The scan's visit, each fresh phase visit, and the policy and gpc.json fetches each get
 * one; nothing one of them sets or loads can leak into another's evidence. The proxy never outlives the
 * context: if the context cannot be created, the proxy is closed before the error is thrown.
 */
export async function openGuardedContext(options: OpenGuardedContextOptions): Promise<GuardedContext> {
  const refusedHosts = new Set<string>();
  const proxy = await startEgressProxy({ guard: options.guard, onRefused: ({ host }) => refusedHosts.add(host) });
  const context = await options.browser
    // Downloads are denied: a scanned page may not write files on the scanner's disk.
    .createBrowserContext({ proxyServer: proxy.url, proxyBypassList: ["<-loopback>"], downloadBehavior: { policy: "deny" } })
    .catch(async (error: unknown) => {
      await proxy.close();
      throw error;
    });
  // A page of this context that crashes or floods the scanner disrupts the scan that opened it.
  bindContextToScan(context);
  const behaviour = options.behaviour ?? createPageBehaviourTally();
  const unwatch = guardPageBehaviour(context, behaviour);
  const abort = () => void context.close().catch(() => undefined);
  options.signal?.addEventListener("abort", abort, { once: true });
  let closing: Promise<void> | null = null;
  return {
    context,
    refusedHosts,
    behaviour,
    close: () =>
      (closing ??= (async () => {
        options.signal?.removeEventListener("abort", abort);
        unwatch();
        await context.close().catch(() => undefined);
        await proxy.close();
      })()),
  };
}
