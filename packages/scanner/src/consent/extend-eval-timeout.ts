/**
 * How long autoconsent's content script waits for the answer of a main-world evaluation (a rule step that
 * reads the page's own CMP object, a self-test) before it reads it as `false`. autoconsent's own default is
 * 1 s, for an extension whose background answers at once; here the answer goes through the scanner's Node
 * process (CDP binding, `Runtime.evaluate` in the main world, the reply into the isolated world), and a
 * process running several scans can take longer: a reject then reads as `self_test_failed` and a CMP found
 * by an evaluation is missed, at random. Every evaluation is answered (`false` on any error), so a longer
 * wait costs only when the answer is slow.
 */
export const AUTOCONSENT_EVAL_TIMEOUT_MS = 5000;

/** The one line of autoconsent's bundled content script that sets the wait (`lib/eval-handler.ts`, `Deferred`). */
const DEFERRED_CONSTRUCTOR = "constructor(id, timeout = 1e3)";

/**
 * autoconsent's content script with its main-world evaluation timeout raised to `AUTOCONSENT_EVAL_TIMEOUT_MS`.
 * autoconsent has no setting for it. Throws when the bundle does not have the line exactly once: a new
 * autoconsent version must be looked at, not silently keep the 1 s wait.
 */
export function extendEvalTimeout(contentScript: string): string {
  const parts = contentScript.split(DEFERRED_CONSTRUCTOR);
  if (parts.length !== 2) {
    throw new Error(`autoconsent's content script has ${parts.length - 1} copies of "${DEFERRED_CONSTRUCTOR}", expected 1`);
  }
  return parts.join(`constructor(id, timeout = ${AUTOCONSENT_EVAL_TIMEOUT_MS})`);
}
