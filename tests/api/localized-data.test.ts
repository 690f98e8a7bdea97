// Data a customer reads has a text per locale, with Italian as the fallback (issue 13, item 13):
// the contract payment terms at checkout, and the seeded orders' notes and language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { customers, orders, users } from '../../server/db/schema';
import type { CheckoutInitResponse } from '../../src/lib/contract/checkout';
import type { OrderDetail, OrderSummary } from '../../src/lib/contract/orders';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { pdfText } from '../support/pdf-text';
import { openTestDatabase } from '../support/test-db';
import { LOGINS, openTestShop, type TestShop } from '../support/test-shop';

type List<T> = { results: T[]; count: number };

let shop: TestShop;
let b2b: string;
let b2b2: string;
let c1: number;
let c2: number;
/** Orders created before this are the seed's (this file places some of its own). */
let opened: Date;
const db = () => shop.database.db;

beforeAll(async () => {
  opened = new Date();
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

describe('an order placed "as per contract" keeps the terms in every locale', () => {
  it('order detail answers them in the request locale, the confirmation mail in the order\'s', async () => {
    const { method, policy } = await checkoutChoiceIds(db());
    const address = await defaultAddresses(db(), c1);
    const product = await makeProduct(db(), { price: 10 });
    const cart = await makeCart(db(), { customer: c1, rows: [{ product: product.id, qty: 1 }] });
    await shop.drainMail();
    shop.mail.length = 0;
    const choice = { cart, billing_address: address.billing, shipping_address: address.shipping, shipping_method: policy['courier-it'], payment_method: method['as-per-contract'] };
    const placed = await shop.send<OrderDetail>('POST', 'checkout/?locale=es', { token: b2b, body: choice });
    expect(placed.status).toBe(201);
    expect(placed.body.payment_method).toMatchObject({ name: 'Según contrato', terms: 'Transferencia bancaria a 30 días fin de mes' });
    const terms = { it: 'Bonifico bancario 30 gg fine mese', en: 'Bank transfer, 30 days end of month', es: 'Transferencia bancaria a 30 días fin de mes' };
    for (const locale of ['it', 'en', 'es'] as const) {
      const { body } = await shop.send<OrderDetail>('GET', `orders/${placed.body.id}/?locale=${locale}`, { token: b2b });
      expect(body.payment_method.terms).toBe(terms[locale]);
    }
    await shop.drainMail();
    const mail = shop.mail.find((m) => m.tag === 'order-confirmation' && m.text.includes(placed.body.number));
    expect(mail?.text).toContain('Pago: Según contrato (Transferencia bancaria a 30 días fin de mes)');
    // The order confirmation PDF in the locale asked for.
    for (const locale of ['en', 'es'] as const) {
      const pdf = await shop.call(`orders/doc/?order_id=${placed.body.id}&type=order_confirmation&locale=${locale}`, { headers: { Authorization: `Token ${b2b}` } });
      expect(pdf.status).toBe(200);
      expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(terms[locale]);
    }
  });

  it('seeded orders: the contract ones carry the terms in the request locale, the others none', async () => {
    const list = await shop.send<List<OrderSummary>>('GET', 'orders/?page_size=100', { token: b2b });
    const details = await Promise.all(list.body.results.map(async (o) => (await shop.send<OrderDetail>('GET', `orders/${o.id}/?locale=en`, { token: b2b })).body));
    const contract = details.filter((d) => d.payment_method.code === 'as-per-contract');
    expect(contract.length).toBeGreaterThan(0);
    for (const d of contract) expect(d.payment_method.terms).toBe('Bank transfer, 30 days end of month');
    for (const d of details.filter((x) => x.payment_method.code !== 'as-per-contract')) expect(d.payment_method.terms).toBeNull();
  });
});

describe('migration 0008 keeps the terms already stored', () => {
  it('moves a single-language text to the default locale (Italian) and an empty one to none; run again, it changes nothing', async () => {
    const database = await openTestDatabase({ template: 'migrated' });
    try {
      const run = (text: string) => database.db.execute(sql.raw(text));
      // The column as it was before 0008, with values a shop running today's main holds.
      await run('alter table customers drop constraint customers_payment_terms_it_check');
      await run(`alter table customers alter column payment_terms type text using payment_terms ->> 'it'`);
      await run(
        `insert into customers (code, kind, email, payment_terms) values
           ('X1', 'b2b', 'x1@example.com', 'Bonifico 60 gg'), ('X2', 'b2b', 'x2@example.com', ''), ('X3', 'b2c', 'x3@example.com', null)`,
      );
      const migration = readFileSync(path.join(MIGRATIONS_DIR, '0008_payment_terms_per_locale.sql'), 'utf8').split('--> statement-breakpoint');
      const expected = [
        { code: 'X1', terms: { it: 'Bonifico 60 gg' } },
        { code: 'X2', terms: null },
        { code: 'X3', terms: null },
      ];
      for (let time = 0; time < 2; time++) {
        for (const statement of migration) await run(statement);
        const rows = await database.db.select({ code: customers.code, terms: customers.paymentTerms }).from(customers).orderBy(customers.code);
        expect(rows).toEqual(expected);
      }
    } finally {
      await database.destroy();
    }
  });
});

describe('seeded orders', () => {
  it('carry notes that read the same in every language, and the language of the user who placed them', async () => {
    const seeded = await db().select({ notes: orders.notes, locale: orders.locale, user: users.locale }).from(orders).innerJoin(users, eq(users.id, orders.userId))
      .where(lt(orders.createdAt, opened));
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
