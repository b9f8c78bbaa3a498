import type { ServiceObserver } from "@public-scan/core";
import type { Logger } from "pino";

/**
 * The service's events as log lines: a request (id, method, route template, status, duration), a job taken,
 * each phase's duration (debug), a scan's end (warn when it failed or expired) and a limit's refusal. Every
 * field is an id, a name, a code or a number (ServiceObserver's rule), so nothing here needs redacting.
 */
export function createLoggingObserver(logger: Logger): ServiceObserver {
  return {
    requestFinished: (event) => logger.info({ ...event, durationMs: Math.round(event.durationMs * 10) / 10 }, "request"),
    jobStarted: (event) => logger.info(event, "scan started"),
    phaseEnded: (event) => logger.debug(event, "scan phase ended"),
    scanEnded: (event) => {
      const failed = event.outcome === "failed" || event.outcome === "expired";
      logger[failed ? "warn" : "info"](event, "scan ended");
    },
    limitRefused: (event) => logger.info(event, "limit refused"),
  };
}
