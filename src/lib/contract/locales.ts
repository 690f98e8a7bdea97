// The shop's languages, declared once. Everything that lists languages (the contract's schemas,
// the database columns, page routes, the OpenAPI document, the browser's stores) reads this
// table, so adding one is an entry here plus its message catalogues (docs/adr/0020). No valibot
// in this module: every page imports it, and a value import of a schema module would ship the
// validator to pages that validate nothing.

export interface LocaleProperties {
  /** The language's own name, shown by the language switcher in every language. */
  name: string;
  /** BCP 47 tag for Intl and the html lang attribute. */
  intl: string;
  /** The language's home page (spec: /home, /home-en, /home-es). */
  home: string;
  /** The contact page's path in that language (each has its own page file under src/pages). */
  contact: string;
}

export const LOCALE_TABLE = {
  it: { name: 'Italiano', intl: 'it-IT', home: '/home', contact: '/contatti' },
  en: { name: 'English', intl: 'en-GB', home: '/home-en', contact: '/contacts' },
  es: { name: 'Español', intl: 'es-ES', home: '/home-es', contact: '/contactos' },
} as const satisfies Record<string, LocaleProperties>;

export type Locale = keyof typeof LOCALE_TABLE;

/** The shop's languages, the default first (a tuple, as picklists and column enums want one). */
export const LOCALES = Object.keys(LOCALE_TABLE) as [Locale, ...Locale[]];

/** The language of the catalogue every other one falls back to, key by key. */
export const DEFAULT_LOCALE: Locale = 'it';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && Object.hasOwn(LOCALE_TABLE, value);
