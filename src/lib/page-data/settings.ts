import type { SystemSetting } from '../contract/content';
import { DEFAULT_LOCALE } from '../i18n/locales';
import { fetchOptional } from './server-client';

/** A public system setting read at build (or render) time; '' when the shop has none. */
export async function loadSetting(key: string): Promise<string> {
  const found = await fetchOptional<SystemSetting>(DEFAULT_LOCALE, `config/system/${key}/`);
  return found?.value ?? '';
}
