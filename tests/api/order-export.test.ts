// The order export (issue 15, ADR 0029): the demo orders round-trip through the JSON export
// (every order's rows, totals and addresses equal the database's), read a page at a time by id
// whatever the page size; --since selects by placement time; the CSV keeps hostile notes whole
// and gives one line per row; the command refuses a bad --since with a non-zero exit and writes
// a file whole.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config';
import { customers, orderRows, orders, users } from '../../server/db/schema';
import type { ErpOrder } from '../../server/orders/erp-order';
import { writeOrderExport, type WriteExportOptions } from '../../server/orders/order-export';
import { ORDER_CSV_COLUMNS } from '../../server/orders/order-export-csv';
import { openTestShop, type TestShop } from '../support/test-shop';

const run = promisify(execFile);
let shop: TestShop;

const OPTIONS: WriteExportOptions = { since: new Date(0), format: 'json', locale: 'it', delimiter: ',', bom: false, escapeFormulas: false };

async function exported(options: Partial<WriteExportOptions> = {}): Promise<{ text: string; counts: { orders: number; rows: number } }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const counts = await writeOrderExport(shop.database.db, { ...OPTIONS, ...options }, out);
  return { text: Buffer.concat(chunks).toString('utf8'), counts };
}

const money = (n: number) => n.toFixed(2);

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('the JSON export', () => {
  it('round-trips the demo orders: every order, its rows, totals, addresses, payment and shipping equal the database', async () => {
    const db = shop.database.db;
    const { text, counts } = await exported({ pageSize: 7 });
    const out = JSON.parse(text) as ErpOrder[];
    const stored = await db.select({ order: orders, code: customers.code }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).orderBy(asc(orders.id));
    const storedRows = await db.select().from(orderRows).orderBy(asc(orderRows.orderId), asc(orderRows.id));
    const emails = new Map((await db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.id, u.email]));
    expect(stored.length).toBeGreaterThan(20);
    expect(out.map((o) => o.id)).toEqual(stored.map((s) => s.order.id));
    expect(counts).toEqual({ orders: stored.length, rows: storedRows.length });

    for (const [i, { order: o, code }] of stored.entries()) {
      const e = out[i]!;
      const snake = (a: typeof o.billingAddress) => ({
        name: a.name, company: a.company, street: a.street, postal_code: a.postalCode, city: a.city, province: a.province, country: a.country,
        phone: a.phone, email: a.email, vat_number: a.vatNumber,
      });
      expect(e).toMatchObject({
        number: o.number, status: o.status, created_at: o.createdAt.toISOString(), locale: o.locale, shop_context: o.shopContext, notes: o.notes,
        vat_treatment: o.vatTreatment, coupon_code: o.couponCode, promotion_id: o.promotionId, currency: 'EUR',
        customer: { id: o.customerId, code },
        billing_address: snake(o.billingAddress),
        shipping_address: snake(o.shippingAddress),
        shipping_method: { id: o.shippingPolicyId, code: o.shippingMethod.code, name: o.shippingMethod.name },
        payment_method: { id: o.paymentMethodId, code: o.paymentMethod.code, name: o.paymentMethod.name, terms: o.paymentMethod.terms ?? null },
        totals: {
          subtotal: money(o.subtotal), discount: money(o.discount), shipping: money(o.shippingTotal), payment_fee: money(o.paymentFee), tax: money(o.taxTotal),
          total: money(o.total),
        },
      });
      expect(e.placed_by.user?.email ?? null).toBe(o.userId === null ? null : emails.get(o.userId));
      expect(e.placed_by.agent?.email ?? null).toBe(o.agentId === null ? null : emails.get(o.agentId));
      expect(e.rows).toEqual(
        storedRows
          .filter((r) => r.orderId === o.id)
          .map((r, n) => ({
            line: n + 1, product_id: r.productId, variant_id: r.variantId, code: r.code, name: r.name, qty: r.qty, unit_price: money(r.unitPrice),
            vat_rate: money(r.vatRate), total: money(r.total),
          })),
      );
      // Amounts are decimal strings that add up as the database's numbers do.
      expect(Number(e.totals.total)).toBe(o.total);
    }
  });

  it('is the same text whatever the page size (the cursor neither skips nor repeats at page ends)', async () => {
    const whole = await exported({ pageSize: 10_000 });
    for (const pageSize of [1, 7, 200]) expect((await exported({ pageSize })).text).toBe(whole.text);
    // A valid JSON array with one order per line, readable line by line as well.
    const lines = whole.text.trimEnd().split('\n');
    expect(lines[0]).toBe('[');
    expect(lines.at(-1)).toBe(']');
    expect(lines).toHaveLength(whole.counts.orders + 2);
  });

  it('--since selects the orders placed at or after that moment', async () => {
    const placed = await shop.database.db.select({ id: orders.id, at: orders.createdAt }).from(orders).orderBy(asc(orders.createdAt));
    const middle = placed[Math.floor(placed.length / 2)]!.at;
    const out = JSON.parse((await exported({ since: middle, pageSize: 5 })).text) as ErpOrder[];
    expect(out.map((o) => o.id).sort((a, b) => a - b)).toEqual(placed.filter((p) => p.at >= middle).map((p) => p.id).sort((a, b) => a - b));
    expect(JSON.parse((await exported({ since: new Date('2999-01-01') })).text)).toEqual([]);
  });
});

describe('the CSV export', () => {
  it('has one line per order row, the order repeated, and keeps notes and addresses with separators, quotes and line breaks whole', async () => {
    const db = shop.database.db;
    const [first] = await db.select().from(orders).orderBy(asc(orders.id)).limit(1);
    const notes = 'Scaricare; "fragile"\nsecondo cancello,\r\nchiedere di Anna';
    const company = 'Cantina "dei Colli"; soc. agr.';
    await db.update(orders).set({ notes, billingAddress: { ...first!.billingAddress, company } }).where(eq(orders.id, first!.id));

    const { text, counts } = await exported({ format: 'csv', delimiter: ';' });
    const [header, ...lines] = parse(text, { delimiter: ';' }) as string[][];
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    expect(lines).toHaveLength(counts.rows);
    const col = (name: (typeof ORDER_CSV_COLUMNS)[number]) => header!.indexOf(name);
    const ofFirst = lines.filter((l) => l[col('order_id')] === String(first!.id));
    const rows = await db.select().from(orderRows).where(eq(orderRows.orderId, first!.id)).orderBy(asc(orderRows.id));
    expect(ofFirst.map((l) => [l[col('row_code')], l[col('row_qty')], l[col('row_total')]])).toEqual(rows.map((r) => [r.code, String(r.qty), money(r.total)]));
    for (const line of ofFirst) {
      expect(line[col('notes')]).toBe(notes);
      expect(line[col('billing_company')]).toBe(company);
      expect(line[col('order_number')]).toBe(first!.number);
      expect(line[col('total')]).toBe(money(first!.total));
    }
  });
});

describe('npm run export', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'server/orders/export-cli.ts'), ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: '', ...env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'export-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad --since with the reason and exit code 2, before opening any database', async () => {
    const answer = await cli(['orders', '--since', '2026-02-30'], { DATA_DIR: path.join(dataDir, 'never-created') });
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain("[export] --since: '2026-02-30' is not a date; write it as YYYY-MM-DD");
    expect(answer.stdout).toBe('');
    await expect(readdir(path.join(dataDir, 'never-created'))).rejects.toThrow(/ENOENT/);
  });

  it('writes --out whole and says what it wrote', { timeout: 120_000 }, async () => {
    const out = path.join(dataDir, 'orders.json');
    const answer = await cli(['orders', '--since', '2026-01-01', '--out', out], { DATA_DIR: path.join(dataDir, 'data') });
    expect(answer.stderr).toContain('[export] 0 order(s) placed since 2026-01-01T00:00:00.000Z, 0 row(s), written as JSON to');
    expect(answer.code).toBe(0);
    expect(await readFile(out, 'utf8')).toBe('[]\n');
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});
