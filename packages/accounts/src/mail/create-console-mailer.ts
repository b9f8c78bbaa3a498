import type { Mailer } from "./mailer.js";

/**
 * Writes each email to the log instead of sending it: the offline demo has no mail server, so the
 * verification link is printed where the person running it can open it. Never for a public deployment.
 */
export function createConsoleMailer(log: (line: string) => void): Mailer {
  return {
    send: (message) => {
      log(`mail to ${message.to}: ${message.subject}\n${message.text}`);
      return Promise.resolve();
    },
  };
}
