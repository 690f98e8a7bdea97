// The mail of becoming a customer (ADR 0025), in the recipient's language: the sign-up's
// confirmation link, the trade account request to the shop, the approval with its password link.
import { translator } from '../../src/lib/i18n/i18n';
import { isLocale, type Locale } from '../../src/lib/i18n/locales';
import type { MailMessage } from './mailer';

const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : 'it');
const site = (siteUrl: string) => siteUrl.replace(/\/+$/, '');
export const confirmEmailUrl = (siteUrl: string, token: string, locale: Locale) => `${site(siteUrl)}/auth/confirm-email?token=${encodeURIComponent(token)}&lan=${locale}`;
export const setPasswordUrl = (siteUrl: string, token: string, locale: Locale) => `${site(siteUrl)}/auth/set-password?token=${encodeURIComponent(token)}&lan=${locale}`;

export function signUpConfirmationMail(p: { to: string; firstName: string; locale: string; token: string; siteUrl: string; hours: number }): MailMessage {
  const locale = localeOf(p.locale);
  const t = translator(locale);
  const text = [
    t('mail.greeting', { name: p.firstName || p.to }),
    '',
    t('signup.mail.confirm.intro'),
    confirmEmailUrl(p.siteUrl, p.token, locale),
    '',
    t('signup.mail.confirm.expiry', { hours: p.hours }),
    t('signup.mail.confirm.ignore'),
    '',
    t('mail.signature'),
    p.siteUrl,
  ].join('\n');
  return { tag: 'sign-up-confirmation', to: p.to, subject: t('signup.mail.confirm.subject'), text };
}

export interface TradeRequestFields {
  id: number;
  companyName: string;
  vatNumber: string;
  sdiCode: string | null;
  pec: string | null;
  contactName: string;
  email: string;
  phone: string;
}

/** To the shop, in the shop's language (Italian): what was asked and how to approve it. */
export function tradeAccountRequestMail(p: { to: string; request: TradeRequestFields; siteUrl: string }): MailMessage {
  const t = translator('it');
  const r = p.request;
  const text = [
    t('signup.mail.request.intro', { id: r.id }),
    '',
    t('signup.mail.request.company', { value: r.companyName }),
    t('signup.mail.request.vat', { value: r.vatNumber }),
    ...(r.sdiCode ? [t('signup.mail.request.sdi', { value: r.sdiCode })] : []),
    ...(r.pec ? [t('signup.mail.request.pec', { value: r.pec })] : []),
    t('signup.mail.request.contact', { value: r.contactName }),
    t('signup.mail.request.email', { value: r.email }),
    t('signup.mail.request.phone', { value: r.phone }),
    '',
    t('signup.mail.request.approve', { id: r.id }),
    '',
    p.siteUrl,
  ].join('\n');
  return { tag: 'trade-account-request', to: p.to, subject: t('signup.mail.request.subject', { company: r.companyName }), text };
}

export function tradeAccountApprovedMail(p: { to: string; contactName: string; company: string; locale: string; token: string; siteUrl: string; days: number }): MailMessage {
  const locale = localeOf(p.locale);
  const t = translator(locale);
  const text = [
    t('mail.greeting', { name: p.contactName || p.to }),
    '',
    t('signup.mail.approved.intro', { company: p.company }),
    setPasswordUrl(p.siteUrl, p.token, locale),
    '',
    t('signup.mail.approved.expiry', { days: p.days, email: p.to }),
    '',
    t('mail.signature'),
    p.siteUrl,
  ].join('\n');
  return { tag: 'trade-account-approved', to: p.to, subject: t('signup.mail.approved.subject'), text };
}

/** An imported user's invitation (npm run import -- users --invite): the link to choose a password. */
export function accountInvitationMail(p: { to: string; name: string; company: string | null; locale: string; token: string; siteUrl: string; days: number }): MailMessage {
  const locale = localeOf(p.locale);
  const t = translator(locale);
  const text = [
    t('mail.greeting', { name: p.name || p.to }),
    '',
    t('signup.mail.invited.intro', { company: p.company ? t('signup.mail.invited.company', { company: p.company }) : '' }),
    setPasswordUrl(p.siteUrl, p.token, locale),
    '',
    t('signup.mail.invited.expiry', { days: p.days, email: p.to, forgot: t('auth.actions.forgot') }),
    '',
    t('mail.signature'),
    p.siteUrl,
  ].join('\n');
  return { tag: 'account-invitation', to: p.to, subject: t('signup.mail.invited.subject'), text };
}
