// Offers (ADR 0016): an offer is a product whose offer price is set and below its list price. The
// offers pages' product strips and the home page's offers ask products/p/?on_offer=true, so no
// full-price product is listed as an offer; the offers page links the seasonal offers page.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paged } from '../../src/lib/contract/common';
import type { ProductSummary } from '../../src/lib/contract/products';
import type { Canvas } from '../../src/lib/contract/promotions';
import type { Query } from '../../src/lib/api/client';
import { productBlockQuery } from '../../src/lib/page-builder-products';
import { products } from '../../server/db/schema';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

const LOCALES = ['it', 'en', 'es'] as const;

function search(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  return params.toString();
}

const isOffer = (p: ProductSummary) => p.price.special_price !== null && p.price.special_price < p.price.standard_price;

async function page(slug: string, locale: string): Promise<Canvas> {
  const { status, body } = await shop.json<Paged<Canvas>>(`promotions/canvasses/?slug=${slug}&locale=${locale}`);
  expect(status).toBe(200);
  const found = body.results.find((d) => d.slug === slug);
  expect(found, `${slug} (${locale})`).toBeDefined();
  return found!;
}

describe('offers', () => {
  it('products/p/?on_offer=true answers every discounted product and nothing else', async () => {
    const { status, body } = await shop.json<Paged<ProductSummary>>('products/p/?on_offer=true&page_size=100');
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.filter((p) => !isOffer(p)).map((p) => p.code)).toEqual([]);
    const all = await shop.database.db.select({ standard: products.standardPrice, special: products.specialPrice, on: products.isPublished }).from(products);
    expect(body.count).toBe(all.filter((p) => p.on && p.special !== null && p.special < p.standard).length);
  });

  for (const slug of ['offerte', 'offerte-stagionali']) {
    it(`the ${slug} page lists only products on offer, in every locale`, async () => {
      for (const locale of LOCALES) {
        const doc = await page(slug, locale);
        const strips = doc.blocks.flatMap((b) => (b.type === 'products' ? [b] : []));
        expect(strips.length).toBeGreaterThan(0);
        let listed = 0;
        for (const block of strips) {
          const { status, body } = await shop.json<Paged<ProductSummary>>(`products/p/?${search(productBlockQuery(block))}&locale=${locale}`);
          expect(status).toBe(200);
          const fullPrice = body.results.filter((p) => !isOffer(p)).map((p) => `${p.code} ${p.price.standard_price}`);
          expect(fullPrice, `${slug} (${locale}) "${block.title}"`).toEqual([]);
          listed += body.results.length;
        }
        expect(listed, `${slug} (${locale}) lists some offers`).toBeGreaterThan(0);
      }
    });
  }

  it('the offers page links the seasonal offers page in every locale', async () => {
    for (const locale of LOCALES) {
      const links = (await page('offerte', locale)).blocks.flatMap((b) => (b.type === 'cta' ? [b.href] : b.type === 'hero' && b.cta ? [b.cta.href] : []));
      expect(links, locale).toContain('/offerte-stagionali');
    }
  });

  it('the home page asks for offers the same way', () => {
    const home = readFileSync(new URL('../../src/lib/page-data/home.ts', import.meta.url), 'utf8');
    expect(home).toContain('on_offer: true');
  });
});
