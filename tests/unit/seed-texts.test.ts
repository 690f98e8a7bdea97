// Issue 14, item 22: the demo data speaks each language of its own (docs/glossary.md): no Italian
// word in an English or Spanish text of the catalogue, the news, the home sliders, the content
// pages, or the texts the seed writes inline (payment and shipping methods, payment terms,
// coupons, the promotion, documents). Brands and codes ("Cantina Pro", "SPEDIZIONEGRATIS") are
// names, not words, and are not matched (src/lib/i18n/italian-words.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentPages, newsPosts, seedCategories, seedProducts, sliders } from '../../server/seed/data';
import { CONTRACT_TERMS } from '../../server/seed/people';
import { italianWordsIn } from '../../src/lib/i18n/italian-words';

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

const leaksIn = (entries: Iterable<[string, string]>) => [...entries].flatMap(([at, text]) => italianWordsIn(text).map((word) => `${at}: "${word}"`));

describe('demo data: English and Spanish texts carry no Italian', () => {
  it('catalogue, news, sliders, content pages and payment terms', () => {
    const data = { categories: seedCategories, products: seedProducts, news: newsPosts, sliders, pages: contentPages, terms: { en: CONTRACT_TERMS.en, es: CONTRACT_TERMS.es } };
    const entries = [...localized(data, 'seed', null)];
    expect(entries.length).toBeGreaterThan(1000);
    expect(leaksIn(entries)).toEqual([]);
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
