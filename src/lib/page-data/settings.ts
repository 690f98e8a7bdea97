import { call } from '../api/call';
import { createClient } from '../api/client';
import { expectOk } from '../api/result';
import { DEFAULT_LOCALE } from '../i18n/locales';

/**
 * A public system setting read at build (or render) time; '' when the shop has none. A key the
 * shop does not know answers the spec's fatal 500 "Unexpexted error" with code SettingNotFound
 * (spec section 7): that is "no setting", any other failure stops the build.
 */
export async function loadSetting(key: string): Promise<string> {
  const result = await call(createClient({ locale: DEFAULT_LOCALE }), 'getSystemSetting', { params: { key } });
  if (!result.ok && (result.error.code === 'SettingNotFound' || result.error.status === 404)) return '';
  return expectOk(result, 'getSystemSetting').value ?? '';
}
