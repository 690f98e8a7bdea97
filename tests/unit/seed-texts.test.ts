// Issue 14, item 22: the demo data speaks each language of its own (docs/glossary.md): no Italian
// word and no phrase the glossary rules out in an English or Spanish text of the catalogue and the
// customers' payment terms (samples/demo/), the news, the home sliders, the content pages, or the texts the seed writes inline (payment and shipping methods, payment terms,
// coupons, the promotion, documents). Brands and codes ("Cantina Pro", "SPEDIZIONEGRATIS") are
// names, not words, and are not matched (src/lib/i18n/italian-words.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRows } from '../../server/import/read-rows';
import { contentPages, newsPosts, sliders } from '../../server/seed/data';
import { italianWordsIn, ruledOutIn } from '../../src/lib/i18n/glossary-checks';

/** Keys whose values are addresses, codes or names, not prose. */
const NOT_TEXT = new Set(['href', 'slug', 'category', 'image', 'src', 'url', 'code', 'motif', 'color', 'type', 'brand', 'parent', 'unit']);

/** Every string under an `en` or `es` key (or a `home-en`/`home-es` slider), with where it is. */
function* localized(node: unknown, at: string, inLocale: 'en' | 'es' | null): Generator<[string, string]> {
  if (typeof node === 'string') {
    if (inLocale) yield [at, node];
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (NOT_TEXT.has(key)) continue;
    const locale = key === 'en' || key === 'home-en' ? 'en' : key === 'es' || key === 'home-es' ? 'es' : key === 'it' || key === 'home' ? null : inLocale;
    if (key === 'it' || key === 'home') continue;
    yield* localized(value, `${at}.${key}`, locale);
  }
}

/** The records of a demo data file (samples/demo/), with `name_en`-like columns as `{name: {en}}`. */
function demoRecords(file: string): Record<string, unknown>[] {
  const read = readRows(readFileSync(path.resolve(__dirname, '../../samples/demo', file)), file);
  if (!read.table) throw new Error(`${file}: ${read.problems.map((p) => p.message).join('; ')}`);
  return read.table.rows.map((row) => {
    const record: Record<string, Record<string, string> | string> = {};
    for (const [column, value] of row.cells) {
      const localized = /^(.+)_(it|en|es)$/.exec(column);
      if (localized) ((record[localized[1]!] ??= {}) as Record<string, string>)[localized[2]!] = value;
      else record[column] = value;
    }
    return record;
  });
}

const localeOf = (at: string): 'en' | 'es' => (/(^|[ .])es\b|home-es/.test(at) ? 'es' : 'en');

/**
 * Italian words in `en`/`es` texts, and, unless `catalogue` (where a basket is a product, a
 * "cesta" too), the phrases docs/glossary.md rules out for the shop's own words.
 */
const leaksIn = (entries: Iterable<[string, string]>, catalogue = false) =>
  [...entries].flatMap(([at, text]) => [
    ...italianWordsIn(text).map((word) => `${at}: "${word}"`),
    ...(catalogue ? [] : ruledOutIn(localeOf(at), text).map((rule) => `${at}: ${rule}`)),
  ]);

describe('demo data: English and Spanish texts carry no Italian', () => {
  it('catalogue, news, sliders, content pages and payment terms (with the cart called a cart)', () => {
    const catalogue = [...localized({ categories: demoRecords('categories.csv'), products: demoRecords('products.jsonl') }, 'seed', null)];
    const terms = demoRecords('customers.csv').map((c) => ({ payment_terms: c.payment_terms }));
    const editorial = [...localized({ news: newsPosts, sliders, pages: contentPages, terms }, 'seed', null)];
    expect(catalogue.length).toBeGreaterThan(1000);
    expect(editorial.length).toBeGreaterThan(300);
    expect(leaksIn(catalogue, true)).toEqual([]);
    expect(leaksIn(editorial)).toEqual([]);
  });

  it('the texts the seed writes inline (server/seed/*.ts)', () => {
    const dir = path.resolve(__dirname, '../../server/seed');
    const entries: [string, string][] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const m of source.matchAll(/\b(en|es)\s*:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g)) {
        entries.push([`${file}:${source.slice(0, m.index).split('\n').length} ${m[1]}`, m[2]!.slice(1, -1)]);
      }
      // Blocks written per locale inline: { type: 'hero', title: '...' } under en: [...] / es: [...].
      for (const m of source.matchAll(/\b(en|es)\s*:\s*\[([\s\S]*?)\]\s*,?\s*\n/g)) {
        for (const t of m[2]!.matchAll(/\b(?:title|subtitle|text|label|cta)\s*:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g)) {
          entries.push([`${file} ${m[1]} block`, t[1]!.slice(1, -1)]);
        }
      }
    }
    expect(entries.length).toBeGreaterThan(40);
    expect(leaksIn(entries)).toEqual([]);
  });
});

describe('demo data: pages name the shop\'s fields as the shop shows them', () => {
  it('the discount-code page sends the shopper to the coupon field by its label, in every language', () => {
    const page = contentPages.find((p) => p.slug === 'codice-sconto')!;
    for (const locale of ['it', 'en', 'es'] as const) {
      const messages = JSON.parse(readFileSync(path.resolve(__dirname, `../../src/content/messages/shop/${locale}.json`), 'utf8')) as { shop: { coupon: { label: string } } };
      const quoted = JSON.stringify(page.blocks[locale]).match(/BENVENUTO10[^"]*?[«“]([^»”]+)[»”]/)?.[1];
      expect(quoted, locale).toBe(messages.shop.coupon.label);
    }
  });
});
