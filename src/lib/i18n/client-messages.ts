// The shop's one way to translate, on the server, in Astro components and in islands: a
// translate function over a message tree. Keys are typed by the default locale's catalogue
// (message-keys.ts), `{{name}}` placeholders are filled, and a `count` picks the `_one` /
// `_other` (… `_many`) form by the locale's Intl.PluralRules. Fallback to Italian happens key
// by key when the tree is made (pickMessages, messageTree), so the function itself is a lookup.
// This module holds no catalogue: islands import it and get their messages as props.
import { DEFAULT_LOCALE, type Locale } from './locales';
import { pluralRules } from './format';
import type { MessageArea, MessageKey, MessagePath } from './message-keys';

export type { MessageArea, MessageKey, MessagePath };
export type MessageTree = { [key: string]: string | MessageTree };
export type Vars = Record<string, string | number>;
/**
 * A key written in the code (a literal, or a template over known parts) must be in the default
 * locale's catalogue, or the call fails typecheck. A key that arrives as a plain `string` at run
 * time (an error's message key from a store) passes: those are checked by tests over every code
 * (src/lib/errors/api-messages.test.ts), since the compiler cannot see them.
 */
export type KeyOf<K extends string> = K & (string extends K ? unknown : MessageKey);
export type T = <K extends string>(key: KeyOf<K>, vars?: Vars) => string;

function deepMerge(base: MessageTree, over: MessageTree): MessageTree {
  const out: MessageTree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

/** A locale's whole catalogue over the default locale's, so that every key it lacks reads in Italian. */
export const withFallback = (catalogue: Record<Locale, MessageTree>, locale: Locale): MessageTree =>
  locale === DEFAULT_LOCALE ? catalogue[DEFAULT_LOCALE] : deepMerge(catalogue[DEFAULT_LOCALE], catalogue[locale]);

/**
 * The named top-level areas of the catalogue for a locale, over Italian. Takes the catalogue as
 * an argument so that this module stays free of the JSON (islands import it).
 */
export function pickMessages(catalogue: Record<Locale, MessageTree>, locale: Locale, areas: readonly MessageArea[]): MessageTree {
  const out: MessageTree = {};
  for (const area of areas) {
    const fallback = catalogue[DEFAULT_LOCALE][area];
    const own = catalogue[locale][area];
    if (typeof fallback === 'object') out[area] = typeof own === 'object' ? deepMerge(fallback, own) : fallback;
  }
  return out;
}

/** Only the named strings of a (fallback-merged) tree, still as a tree: the smallest island prop. */
export function pickPaths(tree: MessageTree, paths: readonly MessagePath[]): MessageTree {
  const out: MessageTree = {};
  for (const path of paths) {
    const text = lookup(tree, path);
    if (text === undefined) continue;
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    node[parts[parts.length - 1] as string] = text;
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

/** Fills `{{name}}` placeholders; an unknown one stays as written (easy to spot). */
const fill = (text: string, vars: Vars) => text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

/** A translate function over a message tree; an unknown key reads as itself (easy to spot). */
export function createT(tree: MessageTree, locale: Locale): T {
  const plural = pluralRules(locale);
  return (key: string, vars?: Vars) => {
    let text: string | undefined;
    if (vars && typeof vars.count === 'number') text = lookup(tree, `${key}_${plural.select(vars.count)}`) ?? lookup(tree, `${key}_other`);
    text ??= lookup(tree, key);
    if (text === undefined) return key;
    return vars ? fill(text, vars) : text;
  };
}
