import type { BrowserContext, CDPSession, Connection, Target } from "puppeteer-core";

/** How many parent sessions are followed at most: page → frame → worker nests a few deep, never dozens. */
const MAX_HOPS = 16;

/**
 * The browser context a DevTools session belongs to, or null when it cannot be told (a session already gone,
 * the browser's own). puppeteer sets a target on the sessions it creates for targets; the scanner's own
 * auto-attached sessions (frames, workers) hang below one of those, so their parents are followed. Reads
 * puppeteer-core's session-to-target and session-to-parent links, which are internal: puppeteer-core is pinned exactly, and a
 * browser test proves the mapping on every upgrade (`browser/oversized-message.browser.test.ts`).
 */
export function contextOfSession(connection: Connection, sessionId: string): BrowserContext | null {
  let session: CDPSession | undefined = connection.session(sessionId) ?? undefined;
  for (let hop = 0; session !== undefined && hop < MAX_HOPS; hop += 1) {
    const target = targetOf(session);
    if (target !== null) return target.browserContext();
    const parent = (session as unknown as { parentSession?: () => CDPSession | undefined }).parentSession?.();
    if (parent === undefined || parent === session) return null;
    session = parent;
  }
  return null;
}

function targetOf(session: CDPSession): Target | null {
  try {
    return (session as unknown as { target?: () => Target }).target?.() ?? null;
  } catch {
    // puppeteer asserts that a target was set; sessions attached by the scanner itself have none.
    return null;
  }
}
