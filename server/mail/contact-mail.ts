// The mail that tells the shop about a contact form message, in the language it was written in.
import { formatDay } from '../../src/lib/i18n/format';
import { translator } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import type { MailMessage } from './mailer';

export interface ContactMailInput {
  to: string;
  locale: Locale;
  name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  subject?: string | null;
  message: string;
  receivedAt: Date;
  siteUrl: string;
}

/** Line breaks in a subject would let a sender add mail headers. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export function contactMail(p: ContactMailInput): MailMessage {
  const t = translator(p.locale);
  const name = oneLine(p.name);
  const topic = p.subject ? oneLine(p.subject) : '';
  const lines = [
    t('mail.contact.intro'),
    '',
    t('mail.contact.name', { value: name }),
    t('mail.contact.email', { value: p.email }),
    ...(p.phone ? [t('mail.contact.phone', { value: p.phone })] : []),
    ...(p.company ? [t('mail.contact.company', { value: p.company })] : []),
    ...(topic ? [t('mail.contact.topic', { value: topic })] : []),
    t('mail.contact.language', { value: p.locale }),
    '',
    t('mail.contact.message'),
    p.message,
    '',
    t('mail.contact.consent', { date: formatDay(p.receivedAt, p.locale, 'long') }),
    t('mail.contact.reply', { email: p.email }),
    '',
    p.siteUrl,
  ];
  const subject = topic ? t('mail.contact.subjectWithTopic', { name, topic }) : t('mail.contact.subject', { name });
  return { tag: 'contact', to: p.to, subject, text: lines.join('\n') };
}
