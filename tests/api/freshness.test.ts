import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPostTranslations, categoryTranslations, pageDocuments, productTranslations } from '../../server/db/schema';
import { queryRows } from '../../server/db/raw';
import { staleSince } from '../../server/http/freshness';
import { seedDemoShop } from '../../server/seed/seed';
import { openTestDatabase, type TestDatabase } from '../support/test-db';

let database: TestDatabase;
let builtAt: Date;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoShop(database.db);
  // The database clock decides; leave a margin so "after the build" is unambiguous.
  builtAt = new Date((await queryRows<{ now: string }>(database.db, sql`select now() as now`))[0]!.now);
  await new Promise((r) => setTimeout(r, 20));
});
afterAll(() => database?.destroy());

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(database.db, query))[0]!;

describe('pages changed after the build', () => {
  it('nothing is stale right after the build', async () => {
    expect([...(await staleSince(database.db, builtAt))]).toEqual([]);
  });

  it('a product edited in any way (even plain SQL on its texts) is stale', async () => {
    const p = await one<{ id: number; slug: string }>(sql`select id, slug from products order by id limit 1`);
    await database.db.update(productTranslations).set({ name: 'Nome cambiato' }).where(eq(productTranslations.productId, p.id));
    const q = await one<{ slug: string }>(sql`select slug from products order by id desc limit 1`);
    await database.db.execute(sql`update products set quantity = quantity + 1 where slug = ${q.slug}`);
    const stale = await staleSince(database.db, builtAt);
    expect(stale.has(`p/${p.slug}`)).toBe(true);
    expect(stale.has(`p/${q.slug}`)).toBe(true);
  });

  it('categories, news and content pages too', async () => {
    const c = await one<{ id: number; slug: string }>(sql`select id, slug from categories where slug = 'luppoli'`);
    await database.db.update(categoryTranslations).set({ description: 'Nuova descrizione' }).where(eq(categoryTranslations.categoryId, c.id));
    const b = await one<{ id: number; slug: string }>(sql`select id, slug from blog_posts order by id limit 1`);
    await database.db.update(blogPostTranslations).set({ title: 'Titolo nuovo' }).where(eq(blogPostTranslations.postId, b.id));
    await database.db.update(pageDocuments).set({ title: { it: 'Chi siamo (nuovo)' } }).where(eq(pageDocuments.slug, 'chi-siamo'));
    const stale = await staleSince(database.db, builtAt);
    for (const path of ['c/luppoli', `news/${b.slug}`, 'news', 'chi-siamo']) expect(stale.has(path), path).toBe(true);
  });

  it('each stale path carries the time of its latest change, which moves with the next edit', async () => {
    const p = await one<{ id: number; slug: string }>(sql`select id, slug from products order by id limit 1`);
    const before = (await staleSince(database.db, builtAt)).get(`p/${p.slug}`)!;
    expect(before).toBeGreaterThan(builtAt.getTime());
    await new Promise((r) => setTimeout(r, 20));
    await database.db.execute(sql`update products set quantity = quantity + 1 where id = ${p.id}`);
    const after = (await staleSince(database.db, builtAt)).get(`p/${p.slug}`)!;
    expect(after).toBeGreaterThan(before);
  });
});
