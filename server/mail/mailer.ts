// Outgoing mail: through SMTP_URL when set, otherwise written to the outbox folder (and logged)
// so a shop without a mail server, and the tests, can read what was sent.
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

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
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
