import nodemailer from "nodemailer";
import type { Mailer } from "./mailer.js";

export interface SmtpMailerOptions {
  /** An SMTP URL (`smtp://user:pass@host:587`, `smtps://...` for implicit TLS). */
  url: string;
  /** The sender, e.g. `public-scan <no-reply@scan.example>`. */
  from: string;
  /**
   * Extra CA certificates (PEM) for the SMTP server's certificate, for a relay with a private CA. Certificates
   * are always verified; there is no switch to turn that off.
   */
  ca?: string;
}

/** Sends mail through an SMTP relay with nodemailer (STARTTLS when the server offers it). */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport(options.url, {
    from: options.from,
    ...(options.ca === undefined ? {} : { tls: { ca: options.ca } }),
  });
  return {
    send: async (message) => {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
    },
    close: () => {
      transport.close();
      return Promise.resolve();
    },
  };
}
