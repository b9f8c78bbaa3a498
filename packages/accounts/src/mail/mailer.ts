/** One plain-text message to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the accounts' emails (verification links). SMTP in production, the console in the demo. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
