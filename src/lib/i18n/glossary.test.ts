// Issue 14, item 22: the English and Spanish message files read as a native shop writer would,
// with the words of docs/glossary.md: no Italian word left in them, none of the literal
// renderings the glossary rules out, Spanish with tú, and the availability badges word for word
// as the glossary has them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { italianWordsIn, ruledOutIn } from './glossary-checks';

type Tree = { [key: string]: string | Tree };
const ROOT = path.resolve(__dirname, '../../..');
const MESSAGES_DIR = path.join(ROOT, 'src/content/messages');

function catalogueFiles(locale: 'en' | 'es'): string[] {
  const own = path.join(MESSAGES_DIR, `${locale}.json`);
  const areas = readdirSync(MESSAGES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(MESSAGES_DIR, d.name, `${locale}.json`));
  return [own, ...areas];
}

function* leaves(tree: Tree, prefix = ''): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') yield [at, value];
    else yield* leaves(value, at);
  }
}

/** Every text of a locale as `file key` → text. */
function texts(locale: 'en' | 'es'): [string, string][] {
  return catalogueFiles(locale).flatMap((file) => [...leaves(JSON.parse(readFileSync(file, 'utf8')) as Tree)].map(([key, text]): [string, string] => [`${path.relative(MESSAGES_DIR, file)} ${key}`, text]));
}

const lookup = (locale: 'en' | 'es', key: string) => texts(locale).find(([at]) => at.endsWith(` ${key}`))?.[1];

describe('glossary: English and Spanish message files', () => {
  for (const locale of ['en', 'es'] as const) {
    it(`${locale}: no Italian word left`, () => {
      const leaks = texts(locale).flatMap(([at, text]) => italianWordsIn(text).map((word) => `${at}: "${word}" in "${text}"`));
      expect(leaks).toEqual([]);
    });

    it(`${locale}: none of the renderings the glossary rules out`, () => {
      const found = texts(locale).flatMap(([at, text]) => ruledOutIn(locale, text).map((rule) => `${at}: ${rule} in "${text}"`));
      expect(found).toEqual([]);
    });
  }

  it('the availability badges say what the glossary says, in both languages', () => {
    const glossary = readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');
    const rows = glossary
      .split('\n')
      .filter((line) => line.startsWith('| ') && line.includes('(badge'))
      .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
    const states = { 'Disponibile (badge)': 'available', 'Ultimi pezzi (badge)': 'low', 'Ordinabile, su ordinazione (badge)': 'backorder', 'Non disponibile, esaurito (badge, button)': 'unavailable' } as const;
    expect(rows.map((r) => r[0]).sort()).toEqual(Object.keys(states).sort());
    for (const [it, en, es] of rows) {
      const state = states[it as keyof typeof states];
      expect(lookup('en', `product.stock.${state}`), `en ${state}`).toBe(en);
      expect(lookup('es', `product.stock.${state}`), `es ${state}`).toBe(es);
    }
    // The sold-out button uses the same word as the badge.
    expect(lookup('en', 'shop.buyBox.soldOut')).toBe(lookup('en', 'product.stock.unavailable'));
    expect(lookup('es', 'shop.buyBox.soldOut')).toBe(lookup('es', 'product.stock.unavailable'));
  });

  it('one word per thing: the same term wherever the same field appears', () => {
    for (const locale of ['en', 'es'] as const) {
      expect(lookup(locale, 'shop.address.postal_code'), locale).toBe(lookup(locale, 'account.addresses.fields.postal_code'));
      expect(lookup(locale, 'shop.address.city'), locale).toBe(lookup(locale, 'account.addresses.fields.city'));
      expect(lookup(locale, 'shop.vat.vatPart'), locale).toBe(lookup(locale, 'shop.vat.included'));
      expect(lookup(locale, 'account.order.docType.delivery_note'), locale).toBe(lookup(locale, 'mail.orderDocument.delivery_note'));
      expect(lookup(locale, 'account.orders.total'), locale).toBe(lookup(locale, 'account.order.total'));
    }
  });
});
