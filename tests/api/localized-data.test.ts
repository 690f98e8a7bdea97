// Data a customer reads has a text per locale, with Italian as the fallback (issue 13, item 13):
// the contract payment terms at checkout, and the seeded orders' notes and language.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { customers, orders, users } from '../../server/db/schema';
import type { CheckoutInitResponse } from '../../src/lib/contract/checkout';
import type { OrderDetail, OrderSummary } from '../../src/lib/contract/orders';
import { customerId, makeCart, makeProduct } from '../support/checkout-fixtures';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

type List<T> = { results: T[]; count: number };

let shop: TestShop;
let b2b: string;
let b2b2: string;
let c1: number;
let c2: number;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  [b2b, b2b2] = await Promise.all([shop.login(...LOGINS.b2b), shop.login(...LOGINS.b2b2)]);
  [c1, c2] = (await Promise.all(['C0001', 'C0002'].map((code) => customerId(db(), code)))) as [number, number];
});
afterAll(() => shop?.close());

/** The contract method's terms as checkout/init/ answers them in a locale (none: the default). */
async function contractTerms(token: string, customer: number, locale?: string) {
  const product = await makeProduct(db(), { price: 10 });
  const cart = await makeCart(db(), { customer, rows: [{ product: product.id, qty: 1 }] });
  const query = locale ? `?locale=${locale}` : '';
  const { status, body } = await shop.send<CheckoutInitResponse>('POST', `checkout/init/${query}`, { token, body: { cart } });
  expect(status).toBe(200);
  return body.payment_methods.find((m) => m.is_contract)!.payment_terms;
}

describe('contract payment terms per locale', () => {
  it('checkout/init/ answers them in the request locale: it, en, es, and Italian by default', async () => {
    expect(await contractTerms(b2b, c1, 'it')).toBe('Bonifico bancario 30 gg fine mese');
    expect(await contractTerms(b2b, c1, 'en')).toBe('Bank transfer, 30 days end of month');
    expect(await contractTerms(b2b, c1, 'es')).toBe('Transferencia bancaria a 30 días fin de mes');
    expect(await contractTerms(b2b, c1)).toBe('Bonifico bancario 30 gg fine mese');
  });

  it('a locale without its own text falls back to the Italian one', async () => {
    const [before] = await db().select({ terms: customers.paymentTerms }).from(customers).where(eq(customers.id, c2));
    try {
      await db().update(customers).set({ paymentTerms: { it: 'Ri.Ba. 60 gg data fattura', en: 'Bank receipt, 60 days from invoice' } }).where(eq(customers.id, c2));
      expect(await contractTerms(b2b2, c2, 'en')).toBe('Bank receipt, 60 days from invoice');
      expect(await contractTerms(b2b2, c2, 'es')).toBe('Ri.Ba. 60 gg data fattura');
      await db().update(customers).set({ paymentTerms: null }).where(eq(customers.id, c2));
      expect(await contractTerms(b2b2, c2, 'es')).toBeNull();
    } finally {
      await db().update(customers).set({ paymentTerms: before!.terms }).where(eq(customers.id, c2));
    }
  });

  it('the database refuses terms without the Italian text every locale falls back to', async () => {
    const write = db().execute(sql`update customers set payment_terms = '{"en": "Bank transfer"}'::jsonb where id = ${c2}`);
    await expect(write).rejects.toThrow();
    const [row] = await db().select({ terms: customers.paymentTerms }).from(customers).where(eq(customers.id, c2));
    expect(row!.terms?.it).toBe('Bonifico bancario 30 gg fine mese');
  });
});

describe('migration 0008 keeps the terms already stored', () => {
  it('moves a single-language text to the default locale (Italian) and an empty one to none', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'shop-migrations-'));
    const client = await PGlite.create();
    try {
      // The migrations up to 0007, as a shop running today's main has them.
      cpSync(MIGRATIONS_DIR, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const upTo7 = { ...journal, entries: journal.entries.filter((e) => e.tag < '0008') };
      writeFileSync(journalFile, JSON.stringify(upTo7));
      const old = drizzle({ client });
      await migrate(old, { migrationsFolder: folder });
      await client.query(
        `insert into customers (code, kind, email, payment_terms) values
           ('X1', 'b2b', 'x1@example.com', 'Bonifico 60 gg'), ('X2', 'b2b', 'x2@example.com', ''), ('X3', 'b2c', 'x3@example.com', null)`,
      );
      await migrate(old, { migrationsFolder: MIGRATIONS_DIR });
      const { rows } = await client.query<{ code: string; payment_terms: unknown }>('select code, payment_terms from customers order by code');
      expect(rows).toEqual([
        { code: 'X1', payment_terms: { it: 'Bonifico 60 gg' } },
        { code: 'X2', payment_terms: null },
        { code: 'X3', payment_terms: null },
      ]);
    } finally {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('seeded orders', () => {
  it('carry notes that read the same in every language, and the language of the user who placed them', async () => {
    const seeded = await db().select({ notes: orders.notes, locale: orders.locale, user: users.locale }).from(orders).innerJoin(users, eq(users.id, orders.userId));
    expect(seeded.length).toBeGreaterThan(0);
    for (const order of seeded) {
      // No words: empty, or the customer's own purchase order reference (C0001/2026/001).
      expect(order.notes).toMatch(/^(|C\d{4}\/\d{4}\/\d{3})$/);
      expect(order.locale).toBe(order.user);
    }
    expect(seeded.some((o) => o.locale === 'es')).toBe(true);
  });

  it('order detail shows the same note whatever the request locale', async () => {
    const list = await shop.send<List<OrderSummary>>('GET', 'orders/?page_size=100', { token: b2b });
    const withNote = list.body.results.find((o) => o.notes);
    expect(withNote).toBeDefined();
    for (const locale of ['it', 'en', 'es']) {
      const { status, body } = await shop.send<OrderDetail>('GET', `orders/${withNote!.id}/?locale=${locale}`, { token: b2b });
      expect(status).toBe(200);
      expect(body.notes).toMatch(/^C0001\/\d{4}\/\d{3}$/);
    }
  });
});
