import { describe, expect, it } from 'vitest';
import { homeVariantLocale, localeCookie, localeFromCookieHeader, negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it.each([
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['it-IT', 'it'],
    ['fr-FR,fr;q=0.9,en;q=0.5', 'en'],
    ['de-DE', 'it'],
    ['', 'it'],
    ['en;q=0.2, es;q=0.8', 'es'],
    ['es;q=0, en', 'en'],
    ['garbage;;q=x', 'it'],
  ])('%s → %s', (header, expected) => expect(negotiateLocale(header)).toBe(expected));
  it('defaults to Italian without a header', () => expect(negotiateLocale(undefined)).toBe('it'));
});

describe('lan cookie', () => {
  it('reads a valid cookie among others and ignores unknown values', () => {
    expect(localeFromCookieHeader('a=1; lan=es; b=2')).toBe('es');
    expect(localeFromCookieHeader('lan=fr')).toBeUndefined();
    expect(localeFromCookieHeader(undefined)).toBeUndefined();
  });
  it('is set for 365 days on the whole site', () => {
    expect(localeCookie('en')).toBe('lan=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookie('en', true)).toBe('lan=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });
});

describe('home variants', () => {
  it('map to their language', () => {
    expect(homeVariantLocale('/home')).toBe('it');
    expect(homeVariantLocale('/home-en/')).toBe('en');
    expect(homeVariantLocale('/home-es')).toBe('es');
    expect(homeVariantLocale('/homes')).toBeUndefined();
  });
});
