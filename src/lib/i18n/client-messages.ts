// Islands translate without i18next: the page hands them the message areas they use (already
// merged over Italian, so a missing key falls back to the default locale), and `createT` reads
// keys, fills {{placeholders}} and picks `_one` / `_other` forms with Intl.PluralRules.
import { INTL_LOCALE, type Locale } from './locales';

export type MessageTree = { [key: string]: string | MessageTree };
export type Vars = Record<string, string | number>;
export type T = (key: string, vars?: Vars) => string;

function deepMerge(base: MessageTree, over: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

/**
 * The named top-level areas of the catalogue for a locale, over Italian. Takes the merged
 * catalogue as an argument so that this module stays free of the JSON (islands import it).
 */
export function pickMessages(catalogue: Record<Locale, MessageTree>, locale: Locale, areas: readonly string[]): MessageTree {
  const out: MessageTree = {};
  for (const area of areas) {
    const fallback = catalogue.it[area];
    const own = catalogue[locale][area];
    if (typeof fallback === 'object') out[area] = typeof own === 'object' ? deepMerge(fallback, own) : fallback;
  }
  return out;
}

function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translate function over a message tree; an unknown key reads as itself (easy to spot). */
export function createT(tree: MessageTree, locale: Locale): T {
  const plural = new Intl.PluralRules(INTL_LOCALE[locale]);
  return (key, vars) => {
    let text: string | undefined;
    if (vars && typeof vars.count === 'number') text = lookup(tree, `${key}_${plural.select(vars.count)}`) ?? lookup(tree, `${key}_other`);
    text ??= lookup(tree, key);
    if (text === undefined) return key;
    return vars ? text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
  };
}
