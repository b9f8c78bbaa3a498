import { redactLogText } from "@public-scan/core";

export interface ContainStrayErrorsOptions {
  log: (line: string) => void;
  /** Ends the process; called once the errors come faster than `maxPerMinute`. */
  exit: (code: number) => void;
  /** Default 10. */
  maxPerMinute?: number;
  /** Default `process`. */
  target?: NodeJS.EventEmitter;
}

/** The exit code of a process that gave up after too many stray errors (EX_SOFTWARE). */
export const STRAY_ERRORS_EXIT_CODE = 70;

/**
 * Keeps the server up through an error nothing caught (a library's callback that throws, a promise nobody
 * awaited): Node's default is to end the process, which would end every running scan and, after a restart,
 * retry the scan that caused it into the same crash. The error is logged (redacted: a browser's message may
 * quote a scanned URL) and the process goes on; the scan whose work threw fails by its own deadline or
 * error. Errors that keep coming, faster than `maxPerMinute`, mean the process itself is broken: it exits
 * with `STRAY_ERRORS_EXIT_CODE`, for its supervisor to restart. Returns the function that removes the guard.
 */
export function containStrayErrors(options: ContainStrayErrorsOptions): () => void {
  const target = options.target ?? process;
  const limit = options.maxPerMinute ?? 10;
  const recent: number[] = [];
  const onError = (kind: string) => (error: unknown) => {
    const now = Date.now();
    recent.push(now);
    while (recent.length > 0 && recent[0]! < now - 60_000) recent.shift();
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    options.log(`serve: ${kind} (contained, the server goes on): ${redactLogText(text).slice(0, 500)}`);
    if (recent.length > limit) {
      options.log(`serve: more than ${limit} uncaught errors within a minute; exiting for a restart`);
      options.exit(STRAY_ERRORS_EXIT_CODE);
    }
  };
  const onException = onError("uncaught exception");
  const onRejection = onError("unhandled promise rejection");
  target.on("uncaughtException", onException);
  target.on("unhandledRejection", onRejection);
  return () => {
    target.off("uncaughtException", onException);
    target.off("unhandledRejection", onRejection);
  };
}
