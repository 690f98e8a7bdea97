import { DEFAULT_LOCALE } from '../i18n/locales';
import { callOptional } from './server-client';

/** A public system setting read at build (or render) time; '' when the shop has none. */
export async function loadSetting(key: string): Promise<string> {
  const found = await callOptional(DEFAULT_LOCALE, 'getSystemSetting', { params: { key } });
  return found?.value ?? '';
}
