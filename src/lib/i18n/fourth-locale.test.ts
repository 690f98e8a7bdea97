// Adding a language is an entry in the locale table plus its catalogues (ADR 0020). This tries it
// with a throwaway 'de' (its catalogue copied from English, one key left out) and checks that
// everything that reads the table follows: routing, the cookie, negotiation, the contract's
// locale parameter, the Intl tag, and the translate function's fallback to Italian.
import * as v from 'valibot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Common from '../contract/common';
import type * as RealLocales from '../contract/locales';
import type * as Messages from './client-messages';
import type { MessageTree } from './client-messages';
import type * as Format from './format';
import type * as I18n from './i18n';
import type * as Choice from './locale-choice';
import type * as Locales from './locales';

vi.mock('../contract/locales', async (importOriginal) => {
  const real = await importOriginal<typeof RealLocales>();
  const LOCALE_TABLE = { ...real.LOCALE_TABLE, de: { name: 'Deutsch', intl: 'de-DE', home: '/home-de', contact: '/kontakt' } };
  return {
    ...real,
    LOCALE_TABLE,
    LOCALES: Object.keys(LOCALE_TABLE),
    isLocale: (value: unknown) => typeof value === 'string' && Object.hasOwn(LOCALE_TABLE, value),
  };
});

type Loaded = {
  locales: typeof Locales;
  choice: typeof Choice;
  format: typeof Format;
  messages: typeof Messages;
  i18n: typeof I18n;
  common: typeof Common;
};
let m: Loaded;
// 'de' is not a Locale to the compiler (the table is the real one there): one cast, here.
const de = 'de' as never;

beforeAll(async () => {
  m = {
    locales: await import('./locales'),
    choice: await import('./locale-choice'),
    format: await import('./format'),
    messages: await import('./client-messages'),
    i18n: await import('./i18n'),
    common: await import('../contract/common'),
  };
});

describe('a fourth locale, declared in the table only', () => {
  it('is routed: its home variant, the cookie, the browser’s language and ?lan=', () => {
    expect(m.locales.LOCALES).toEqual(['it', 'en', 'es', 'de']);
    expect(m.locales.HOME_PATHS).toMatchObject({ de: '/home-de' });
    expect(m.locales.homeVariantLocale('/home-de')).toBe('de');
    expect(m.locales.localeFromCookieHeader('a=1; lan=de')).toBe('de');
    expect(m.locales.negotiateLocale('de-DE,de;q=0.9,en;q=0.5')).toBe('de');
    const ask = { requested: null, cookie: undefined, defaultLocale: 'it' as const };
    expect(m.choice.chooseLocale({ ...ask, pathname: '/', acceptLanguage: 'de-AT' })).toEqual({ kind: 'redirect', location: '/home-de', setCookie: 'de' });
    expect(m.choice.chooseLocale({ ...ask, pathname: '/p/x', requested: 'de' })).toEqual({ kind: 'page', locale: 'de', home: false, setCookie: 'de' });
  });

  it('is accepted by the contract’s locale parameter', () => {
    expect(v.parse(m.common.ContextQuerySchema, { locale: 'de' }).locale).toBe('de');
    expect(() => v.parse(m.common.ContextQuerySchema, { locale: 'fr' })).toThrow(/it, en, es or de/);
  });

  it('formats by its Intl tag', () => {
    expect(m.locales.INTL_LOCALE).toMatchObject({ de: 'de-DE' });
    expect(m.format.formatEuro(12345.5, de).replace(/\s/g, ' ')).toBe('12.345,50 €');
    expect(m.format.formatDay('2026-03-03T10:00:00Z', de, 'long')).toBe('3. März 2026');
    expect(m.format.formatAmount(12.5, de)).toBe('12,50');
  });

  it('translates from its catalogue and falls back to Italian for a key it lacks', () => {
    const en = m.i18n.MESSAGES.en as MessageTree;
    const { couponNotValid: _left, ...errors } = en.errors as MessageTree;
    const catalogue = { ...(m.i18n.MESSAGES as Record<string, MessageTree>), de: { ...en, errors } };
    const t = m.messages.createT(m.messages.withFallback(catalogue as never, de), de);
    expect(t('listing.count', { count: 1 })).toBe(m.i18n.translator('en')('listing.count', { count: 1 }));
    expect(t('errors.couponNotValid')).toBe(m.i18n.translator('it')('errors.couponNotValid'));
  });
});
