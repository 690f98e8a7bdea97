import { describe, expect, it } from 'vitest';
import { chooseLocale, type LocaleRequest } from './locale-choice';

const ask = (pathname: string, over: Partial<LocaleRequest> = {}) => chooseLocale({ pathname, requested: null, cookie: undefined, defaultLocale: 'it', ...over });

describe('chooseLocale: the home page redirects by language', () => {
  it.each([
    ['en', '/home-en'],
    ['es', '/home-es'],
  ] as const)('/home with lan=%s goes to %s and leaves the cookie alone', (cookie, location) => {
    expect(ask('/home', { cookie })).toEqual({ kind: 'redirect', location });
    expect(ask('/home/', { cookie })).toEqual({ kind: 'redirect', location });
  });
  it('/home with lan=it or no cookie is the Italian home, with no cookie written', () => {
    expect(ask('/home', { cookie: 'it' })).toEqual({ kind: 'page', locale: 'it', home: true });
    expect(ask('/home')).toEqual({ kind: 'page', locale: 'it', home: true });
  });
  it('an explicit ?lan= on a home page is remembered and leads to that home', () => {
    expect(ask('/home', { cookie: 'en', requested: 'it' })).toEqual({ kind: 'page', locale: 'it', home: true, setCookie: 'it' });
    expect(ask('/home', { cookie: 'it', requested: 'es' })).toEqual({ kind: 'redirect', location: '/home-es', setCookie: 'es' });
    expect(ask('/home-en', { cookie: 'en', requested: 'en' })).toEqual({ kind: 'page', locale: 'en', home: true });
  });
  it('the home variants name their language and remember it', () => {
    expect(ask('/home-en', { cookie: 'it' })).toEqual({ kind: 'page', locale: 'en', home: true, setCookie: 'en' });
    expect(ask('/home-es')).toEqual({ kind: 'page', locale: 'es', home: true, setCookie: 'es' });
  });
});

describe('chooseLocale: root and other pages', () => {
  it('the root keeps the cookie, else negotiates and remembers', () => {
    expect(ask('/', { cookie: 'es', acceptLanguage: 'en' })).toEqual({ kind: 'redirect', location: '/home-es' });
    expect(ask('/', { acceptLanguage: 'en-GB,en' })).toEqual({ kind: 'redirect', location: '/home-en', setCookie: 'en' });
  });
  it('the root falls back to the DEFAULT_LOCALE setting when the browser names none of ours', () => {
    expect(ask('/', { acceptLanguage: 'de-DE', settingLocale: 'es' })).toEqual({ kind: 'redirect', location: '/home-es', setCookie: 'es' });
    expect(ask('/', { settingLocale: 'en' })).toEqual({ kind: 'redirect', location: '/home-en', setCookie: 'en' });
  });
  it('pages follow ?lan= (remembered), else the cookie, else the default', () => {
    expect(ask('/p/x', { cookie: 'en', requested: 'es' })).toEqual({ kind: 'page', locale: 'es', home: false, setCookie: 'es' });
    expect(ask('/p/x', { cookie: 'en', requested: 'en' })).toEqual({ kind: 'page', locale: 'en', home: false });
    expect(ask('/p/x', { cookie: 'en', requested: 'fr' })).toEqual({ kind: 'page', locale: 'en', home: false });
    expect(ask('/p/x', { settingLocale: 'en' })).toEqual({ kind: 'page', locale: 'it', home: false });
  });
});
