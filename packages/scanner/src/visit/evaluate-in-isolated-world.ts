import type { Page } from "puppeteer-core";

/**
 * CDP's answers when the document changed under an evaluation: the page navigated (a meta refresh, a
 * script redirect, a reload) between finding the frame and reading it.
 */
const DOCUMENT_REPLACED =
  /Cannot find context with specified id|Execution context was destroyed|Inspected target navigated or closed|(No|Frame with the given) (frame|id)/i;
// The new document has committed when the old context is reported gone: a short pause lets it parse.
const TRIES = 5;
const RETRY_PAUSE_MS = 100;

/**
 * Runs an expression in a fresh isolated world of the page's main frame and returns its value: page
 * scripts can neither see it nor change what it reads through overridden DOM methods. Its own CDP
 * session, detached afterwards, so the scan's sessions and their listeners are untouched.
 *
 * A page that replaces its document while it is read (a policy link that lands on a redirect stub, a page
 * that refreshes itself) is read again on its new document, a few times at most: the reader wants the
 * document a visitor ends up seeing, not an error. The caller's budget bounds the whole.
 */
export async function evaluateInIsolatedWorld<T>(page: Page, options: { expression: string; worldName: string }): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await evaluateOnce<T>(page, options);
    } catch (error) {
      const replaced = error instanceof Error && DOCUMENT_REPLACED.test(error.message);
      if (!replaced || attempt >= TRIES || page.isClosed()) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
}

async function evaluateOnce<T>(page: Page, options: { expression: string; worldName: string }): Promise<T> {
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
