// The shop's mail, written in the recipient's language from the i18n catalogue.
import { translator } from '../../src/lib/i18n/i18n';
import { isLocale, type Locale } from '../../src/lib/i18n/locales';
import type { MailMessage } from './mailer';

const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : 'it');

const resetUrl = (siteUrl: string, username: string, locale: Locale) =>
  `${siteUrl.replace(/\/+$/, '')}/auth/reset-password?username=${encodeURIComponent(username)}&lan=${locale}`;

export function passwordResetMail(p: { to: string; code: string; locale: string; firstName: string; siteUrl: string; minutes: number }): MailMessage {
  const locale = localeOf(p.locale);
  const t = translator(locale);
  const lines = [
    t('mail.greeting', { name: p.firstName || p.to }),
    '',
    t('mail.passwordReset.intro'),
    '',
    t('mail.passwordReset.code', { code: p.code }),
    t('mail.passwordReset.expiry', { minutes: p.minutes }),
    '',
    // The link opens the code form with the address already filled in.
    t('mail.passwordReset.link', { url: resetUrl(p.siteUrl, p.to, locale) }),
    '',
    t('mail.passwordReset.ignore'),
    '',
    t('mail.signature'),
    p.siteUrl,
  ];
  return { tag: 'password-reset', to: p.to, subject: t('mail.passwordReset.subject'), text: lines.join('\n') };
}
