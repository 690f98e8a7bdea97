import type { Locale } from '../../src/lib/contract/common';
import type { L10nJson } from '../db/schema';

/** A localized JSON text in the wanted language, falling back to Italian. */
export const pick = (text: L10nJson | null | undefined, locale: Locale): string =>
  text ? (text[locale] ?? text.it) : '';

export const TEXT_SEARCH_CONFIG: Record<Locale, string> = { it: 'italian', en: 'english', es: 'spanish' };
