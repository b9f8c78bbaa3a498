import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../src/mail/create-smtp-mailer.js";

interface Received {
  from: string | false;
  to: string[];
  raw: string;
}

/** A plain SMTP server on a free port that records each message it accepts. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No TLS in this test: without STARTTLS on offer, nodemailer sends in the clear to 127.0.0.1.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom === false ? false : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** Undoes quoted-printable (RFC 2045): soft line breaks and `=XX` escapes. */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("createSmtpMailer", () => {
  it("sends one plain-text message with the envelope, subject and body given", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: "public-scan <no-reply@scan.example>" });
    cleanups.push(() => mailer.close?.() ?? Promise.resolve());
    const link = "https://scan.example/account/verify?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    await mailer.send({
      to: "ada@example.org",
      subject: "Confirm your email for public-scan",
      text: `Open this link to confirm your email address:\n\n${link}\n`,
    });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received as [Received];
    expect(message.from).toBe("no-reply@scan.example");
    expect(message.to).toEqual(["ada@example.org"]);
    const separator = message.raw.indexOf("\r\n\r\n");
    const head = message.raw.slice(0, separator);
    const body = message.raw.slice(separator + 4);
    expect(head).toMatch(/^Subject: Confirm your email for public-scan$/m);
    expect(head).toMatch(/^From: "?public-scan"? <no-reply@scan\.example>$/m);
    expect(head).toMatch(/^To: ada@example\.org$/m);
    expect(head).toMatch(/^Content-Type: text\/plain/m);
    // The link arrives whole once the transfer encoding is undone, as a mail client undoes it.
    const encoding = /^Content-Transfer-Encoding: (.+)$/m.exec(head)?.[1];
    expect(["7bit", "quoted-printable"]).toContain(encoding);
    expect(encoding === "quoted-printable" ? decodeQuotedPrintable(body) : body).toContain(link);
  });

  it("fails the send when the relay refuses the recipient", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(new Error("no such user here"));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => refusing.close(resolve)));
    const { port } = refusing.server.address() as AddressInfo;
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: "no-reply@scan.example" });
    cleanups.push(() => mailer.close?.() ?? Promise.resolve());
    await expect(mailer.send({ to: "nobody@example.org", subject: "Hello", text: "Hello" })).rejects.toThrow(/no such user/);
  });
});
