import { TargetType, type BrowserContext, type Dialog, type Target } from "puppeteer-core";
import { closePage } from "./close-page.js";

/** What pages of one scan tried that a visitor would have had to answer, counted over all its contexts. */
export interface PageBehaviourTally {
  /** alert/confirm/prompt/beforeunload dialogs, each dismissed at once. */
  dialogsDismissed: number;
  /** Windows a page opened (past Chromium's popup blocker), each closed at once. */
  popupsClosed: number;
}

export function createPageBehaviourTally(): PageBehaviourTally {
  return { dialogsDismissed: 0, popupsClosed: 0 };
}

/**
 * A hostile page must not stall or exhaust the shared browser: a dialog would block its renderer until
 * answered, and every window it opens is another renderer in the browser that other scans share. So every
 * dialog is dismissed (a first-time visitor's "cancel"), every window a page opens is closed as it appears,
 * and both are counted as evidence. Only the scanner's own pages stay open. Downloads are denied by the
 * context itself (`openGuardedContext`), and Chromium's popup blocker stays on (see `chromium-flags.ts`).
 * Returns a function that stops watching.
 */
export function guardPageBehaviour(context: BrowserContext, tally: PageBehaviourTally): () => void {
  const onDialog = (dialog: Dialog) => {
    tally.dialogsDismissed += 1;
    void dialog.dismiss().catch(() => undefined);
  };
  const onTarget = (target: Target) => {
    if (target.type() !== TargetType.PAGE) return;
    if (target.opener() !== undefined) {
      tally.popupsClosed += 1;
      void target
        .page()
        .then((page) => (page ? closePage(page) : undefined))
        .catch(() => undefined);
      return;
    }
    void target
      .page()
      .then((page) => page?.on("dialog", onDialog))
      .catch(() => undefined);
  };
  context.on("targetcreated", onTarget);
  return () => context.off("targetcreated", onTarget);
}
