// How mail leaves the shop: through SMTP_URL when set, otherwise written to the outbox folder
// (and logged) so a shop without a mail server, and the tests, can read what was sent. Only the
// outbox worker calls these; requests write rows to mail_outbox instead (ADR 0010).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** What kind of message this is ("password-reset", "order-confirmation", "contact"). */
  tag: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function outboxMailer(dir: string, from: string): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${message.tag}-${Math.random().toString(36).slice(2, 8)}.json`);
      const { attachments, ...rest } = message;
      await writeFile(file, JSON.stringify({ from, ...rest, attachments: attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })) }, null, 2));
      console.log(`[mail] ${message.tag} to ${message.to} written to ${file}`);
    },
  };
}

export interface SmtpTimeouts {
  /** To open the TCP connection. */
  connectionTimeout: number;
  /** From the connection to the server's greeting. */
  greetingTimeout: number;
  /** Of silence on the open connection. */
  socketTimeout: number;
}

/** Seconds, not nodemailer's minutes: a server that hangs is a failed attempt, retried later. */
export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

export function smtpMailer(url: string, from: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): Mailer {
  const transport = nodemailer.createTransport({ url, ...timeouts });
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments });
    },
  };
}

/** Keeps messages in memory (tests). */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}
