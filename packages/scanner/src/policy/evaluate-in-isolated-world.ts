import type { Page } from "puppeteer-core";

/**
 * Runs an expression in a fresh isolated world of the page's main frame and returns its value: page
 * scripts can neither see it nor change what it reads through overridden DOM methods. Its own CDP
 * session, detached afterwards, so the scan's sessions and their listeners are untouched.
 */
export async function evaluateInIsolatedWorld<T>(page: Page, options: { expression: string; worldName: string }): Promise<T> {
  const session = await page.createCDPSession();
  try {
    const { frameTree } = await session.send("Page.getFrameTree");
    const { executionContextId } = await session.send("Page.createIsolatedWorld", {
      frameId: frameTree.frame.id,
      worldName: options.worldName,
      grantUniveralAccess: false,
    });
    const { result, exceptionDetails } = await session.send("Runtime.evaluate", {
      expression: options.expression,
      contextId: executionContextId,
      returnByValue: true,
      awaitPromise: true,
    });
    // The exception's text may quote the page: only its kind is kept.
    if (exceptionDetails) throw new Error("isolated world script failed");
    return result.value as T;
  } finally {
    await session.detach().catch(() => undefined);
  }
}
