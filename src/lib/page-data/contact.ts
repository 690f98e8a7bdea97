// The contact page's data: the bot-check setting, read at build time.
import { LOCALE_TABLE, LOCALES, type Locale } from '../contract/locales';
import { loadSetting } from './settings';

/** The paths of the contact page; each one serves every language. */
export const CONTACT_PATHS = Object.fromEntries(LOCALES.map((locale) => [locale, LOCALE_TABLE[locale].contact])) as Record<Locale, string>;

/** The reCAPTCHA v3 site key when the bot check is switched on, otherwise null (nothing loads). */
export async function loadBotCheckSiteKey(): Promise<string | null> {
  const [enabled, siteKey] = await Promise.all([loadSetting('RECAPTCHA_ENABLED'), loadSetting('GOOGLE_RECAPTCHA_SITE_KEY')]);
  if (enabled !== 'true' && enabled !== '1') return null;
  if (!siteKey) {
    console.warn('[contact] RECAPTCHA_ENABLED is on but GOOGLE_RECAPTCHA_SITE_KEY is empty: the form cannot pass the bot check.');
    return null;
  }
  return siteKey;
}
