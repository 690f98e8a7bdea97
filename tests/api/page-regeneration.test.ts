// Pages follow content, not stock (ADR 0008): the bulk page read matches the per-page calls,
// every content change is noted whoever makes it, a sale notes nothing, and of two instances
// exactly one renders each change.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../src/lib/contract/product-detail';
import type { RelatedByKind } from '../../src/lib/contract/products';
import type { ProductPagesAnswer } from '../../src/lib/contract/site-pages';
import type { Locale } from '../../src/lib/i18n/locales';
import { queryRows } from '../../server/db/raw';
import { pageDocuments, productTranslations } from '../../server/db/schema';
import { changesAfter, claim, lastChangeId } from '../../server/pages/page-changes';
import { pagesFor } from '../../server/pages/page-targets';
import type { PageWriter } from '../../server/pages/page-writer';
import { createRegenerator } from '../../server/pages/regenerator';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(shop.database.db, query))[0]!;

describe('site/product-pages/', () => {
  it('answers in id order, in batches, what the per-page calls answer', async () => {
    const first = await shop.json<ProductPagesAnswer>('site/product-pages/?limit=5&locale=en');
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(5);
    const ids = first.body.results.map((r) => r.product.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(first.body.next).toBe(ids[4]);
    const second = await shop.json<ProductPagesAnswer>(`site/product-pages/?limit=5&after=${first.body.next}&locale=en`);
    expect(second.body.results[0]!.product.id).toBeGreaterThan(ids[4]!);

    for (const page of first.body.results) {
      const detail = await shop.json<ProductDetail>(`products/p/${page.product.slug}/?locale=en`);
      expect(page.product).toEqual(detail.body);
      const related = await shop.json<RelatedByKind>(`products/p/related/?product=${page.product.id}&locale=en`);
      expect(page.related).toEqual(related.body.results.filter((g) => g.results.length > 0));
    }
  });

  it('reads named products, and refuses bad batches with the field named', async () => {
    const { body } = await shop.json<ProductPagesAnswer>('site/product-pages/?ids=3,1,2');
    expect(body.results.map((r) => r.product.id)).toEqual([1, 2, 3]);
    expect(body.next).toBeNull();
    for (const bad of ['limit=0', 'limit=501', 'after=x', 'ids=1,a']) {
      const response = await shop.json<{ error_list: { field: string }[] }>(`site/product-pages/?${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.error_list[0]!.field.split('.')[0]).toBe(bad.split('=')[0]);
    }
  });

  it('ranks the products a bounded build prerenders: bestsellers and new arrivals first', async () => {
    const { body } = await shop.json<{ results: number[] }>('site/important-products/?limit=10');
    expect(body.results).toHaveLength(10);
    const flagged = await queryRows<{ id: number }>(
      shop.database.db,
      sql`select pcv.product_id as id from product_custom_values pcv join custom_field_values v on v.id = pcv.custom_field_value_id
          join custom_fields f on f.id = v.custom_field_id where f.key = 'shop'`,
    );
    const flaggedIds = new Set(flagged.map((r) => r.id));
    expect(flaggedIds.size).toBeGreaterThan(0);
    expect(flaggedIds.has(body.results[0]!)).toBe(true);
  });
});

describe('the change notes behind page regeneration', () => {
  it('a sale (quantity alone, through drizzle or plain SQL) notes nothing and keeps the change time', async () => {
    const p = await one<{ id: number; write_date: string }>(sql`select id, write_date::text from products where quantity > 5 order by id limit 1`);
    const before = await lastChangeId(shop.database.db);
    await shop.database.db.execute(sql`update products set quantity = quantity - 1 where id = ${p.id}`);
    await shop.database.db.execute(sql`update variants set quantity = quantity - 1 where product_id = (select product_id from variants limit 1)`);
    expect(await lastChangeId(shop.database.db)).toBe(before);
    expect((await one<{ write_date: string }>(sql`select write_date::text from products where id = ${p.id}`)).write_date).toBe(p.write_date);
  });

  it('a text changed by plain SQL notes its product, which touches its page, its categories, the list and home', async () => {
    const p = await one<{ id: number; slug: string }>(sql`select p.id, p.slug from products p join product_categories pc on pc.product_id = p.id order by p.id limit 1`);
    const before = await lastChangeId(shop.database.db);
    await shop.database.db.update(productTranslations).set({ name: 'Nome nuovo' }).where(eq(productTranslations.productId, p.id));
    const notes = await changesAfter(shop.database.db, before, 100);
    // Three translations changed in one statement: one note for the product.
    expect(notes).toEqual([{ id: expect.any(Number), kind: 'product', refId: p.id, slug: p.slug }]);
    const pages = (await pagesFor(shop.database.db, notes)).map((t) => t.page);
    expect(pages).toEqual(expect.arrayContaining([`p/${p.slug}`, 'p', 'home']));
    expect(pages.some((page) => page.startsWith('c/'))).toBe(true);
  });

  it('a renamed slug notes the old address too (its files are deleted), a content page and a setting are noted', async () => {
    const p = await one<{ id: number; slug: string }>(sql`select id, slug from products order by id desc limit 1`);
    const before = await lastChangeId(shop.database.db);
    await shop.database.db.execute(sql`update products set slug = ${`${p.slug}-nuovo`} where id = ${p.id}`);
    await shop.database.db.update(pageDocuments).set({ title: { it: 'Chi siamo (nuovo)' } }).where(eq(pageDocuments.slug, 'chi-siamo'));
    await shop.database.db.execute(sql`update system_settings set value = 'User-agent: *' where key = 'DEFAULT_ROBOTS'`);
    const notes = await changesAfter(shop.database.db, before, 100);
    expect(notes.map((n) => `${n.kind}:${n.slug}`)).toEqual([`product:${p.slug}-nuovo`, `product:${p.slug}`, 'page:chi-siamo', 'setting:DEFAULT_ROBOTS']);
  });

  it('settings regenerate the pages they are part of; a content page never replaces a built-in page', async () => {
    const pages = async (change: Omit<Parameters<typeof pagesFor>[1][number], 'id'>) => (await pagesFor(shop.database.db, [{ id: 1, ...change }])).map((t) => t.page);
    expect(await pages({ kind: 'setting', refId: null, slug: 'GOOGLE_RECAPTCHA_SITE_KEY' })).toEqual(['contatti', 'contacts', 'contactos', 'auth/login', 'auth/password-forgotten', 'auth/reset-password']);
    expect(await pages({ kind: 'setting', refId: null, slug: 'PAGE_BUILDER_URL' })).toEqual(['pgb-editor-preview']);
    expect(await pages({ kind: 'setting', refId: null, slug: 'DEFAULT_ROBOTS' })).toEqual([]);
    expect(await pages({ kind: 'page', refId: 1, slug: 'cart' })).toEqual([]);
    // The owner's extra scripts are in every page: every page with a file is regenerated.
    const all = await pagesFor(shop.database.db, [{ id: 1, kind: 'setting', refId: null, slug: 'DEFAULT_EXTRA_SCRIPT' }], { allPages: async () => ['cart', 'p/tappo', 'home'] });
    expect(all.map((t) => t.page)).toEqual(['cart', 'p/tappo', 'home']);
    expect(await pages({ kind: 'page', refId: 1, slug: 'chi-siamo' })).toEqual(['chi-siamo']);
  });
});

describe('regeneration with several instances', () => {
  const recorder = () => {
    const written: string[] = [];
    const writer: PageWriter = {
      async write(locale: Locale, page: string, payload: boolean) {
        written.push(`${locale}/${page}${payload ? '/payload.json' : ''}`);
        return { outcome: 'written' };
      },
    };
    return { writer, written };
  };

  it('each change is rendered by exactly one instance, in every locale, then never again', async () => {
    const db = shop.database.db;
    const build = { buildId: 'test-build', dataAsOf: new Date(), changesAsOf: await lastChangeId(db) };
    const a = recorder();
    const b = recorder();
    const purged: { paths: string[]; tags: string[] }[] = [];
    const first = createRegenerator({ db, writer: a.writer, build, log: () => {}, onRegenerated: (c) => purged.push(c) });
    const second = createRegenerator({ db, writer: b.writer, build, log: () => {}, onRegenerated: (c) => purged.push(c) });
    expect(await first.runOnce()).toBe(0);
    expect(await second.runOnce()).toBe(0);

    const p = await one<{ id: number; slug: string }>(sql`select id, slug from products order by id limit 1 offset 3`);
    await db.update(productTranslations).set({ summary: 'Riassunto nuovo' }).where(eq(productTranslations.productId, p.id));
    const counts = await Promise.all([first.runOnce(), second.runOnce()]);
    const all = [...a.written, ...b.written];
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    for (const locale of ['it', 'en', 'es']) {
      expect(all.filter((f) => f === `${locale}/p/${p.slug}`)).toHaveLength(1);
      expect(all.filter((f) => f === `${locale}/p/${p.slug}/payload.json`)).toHaveLength(1);
      expect(all).toContain(`${locale}/home`);
    }
    expect(purged).toHaveLength(1);
    expect(purged[0]!.paths).toEqual(expect.arrayContaining([`/p/${p.slug}`, `/p/${p.slug}/payload.json`, '/home']));
    expect(purged[0]!.tags).toEqual(expect.arrayContaining(['locale:it', 'locale:en', 'locale:es', 'page:home']));

    // A sale afterwards regenerates nothing.
    await db.execute(sql`update products set quantity = quantity + 7 where id = ${p.id}`);
    expect(await first.runOnce()).toBe(0);
    expect(await second.runOnce()).toBe(0);
  });

  it('a range claimed by an instance that died is rendered by another once the lease has run out', async () => {
    const db = shop.database.db;
    const build = { buildId: 'test-build', dataAsOf: new Date(), changesAsOf: await lastChangeId(db) };
    const survivor = recorder();
    const regenerator = createRegenerator({ db, writer: survivor.writer, build, log: () => {} });
    await regenerator.runOnce();
    const p = await one<{ id: number; slug: string }>(sql`select id, slug from products order by id limit 1 offset 5`);
    await db.update(productTranslations).set({ summary: 'Riassunto di chi non finisce' }).where(eq(productTranslations.productId, p.id));
    // Another instance claims the change and dies before rendering it.
    const [cursor] = await queryRows<{ last_id: string }>(db, sql`select last_id from page_regen_cursor where id = 1`);
    expect(await claim(db, Number(cursor!.last_id), await lastChangeId(db))).toBe(true);
    expect(await regenerator.runOnce()).toBe(0);
    await db.execute(sql`update page_regen_cursor set claim_expires = now() - interval '1 second' where id = 1`);
    expect(await regenerator.runOnce()).toBeGreaterThan(0);
    expect(survivor.written).toContain(`it/p/${p.slug}`);
    expect(await regenerator.runOnce()).toBe(0);
  });

  it('pages that did not render (the database dropped the connection) are rendered again next round, not marked done', async () => {
    const db = shop.database.db;
    const build = { buildId: 'test-build', dataAsOf: new Date(), changesAsOf: await lastChangeId(db) };
    let down = true;
    const written: string[] = [];
    const writer: PageWriter = {
      async write(locale: Locale, page: string, payload: boolean) {
        if (down && page.startsWith('p/')) return { outcome: 'failed', rendered: { status: 503, body: Buffer.from('') } };
        written.push(`${locale}/${page}${payload ? '/payload.json' : ''}`);
        return { outcome: 'written' };
      },
    };
    const regenerator = createRegenerator({ db, writer, build, log: () => {} });
    await regenerator.runOnce();
    const p = await one<{ id: number; slug: string }>(sql`select id, slug from products order by id limit 1 offset 6`);
    await db.update(productTranslations).set({ summary: 'Riassunto durante un guasto' }).where(eq(productTranslations.productId, p.id));
    await expect(regenerator.runOnce()).rejects.toThrow(/did not render/);
    expect(written).not.toContain(`it/p/${p.slug}`);
    down = false;
    // The range was given back at once: no lease to wait out.
    expect(await regenerator.runOnce()).toBeGreaterThan(0);
    expect(written).toContain(`it/p/${p.slug}`);
    expect(await regenerator.runOnce()).toBe(0);
  });
});
