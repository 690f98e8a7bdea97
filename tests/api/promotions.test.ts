import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartHeader, CartRowChange } from '../../src/lib/contract/cart';
import type { ErrorBody, Paged } from '../../src/lib/contract/common';
import type { Canvas, CouponApplyResponse, Promotion } from '../../src/lib/contract/promotions';
import { auditLog, cartRows, carts, coupons, pageDocuments, products, promotionProducts, promotions, users } from '../../server/db/schema';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
const token: Record<'agent' | 'agent2' | 'b2b' | 'b2b2' | 'consumer', string> = { agent: '', agent2: '', b2b: '', b2b2: '', consumer: '' };
const customer: Record<string, number> = {};
let agentId = 0;
let vendemmia: typeof promotions.$inferSelect;

beforeAll(async () => {
  shop = await openTestShop();
  const db = shop.database.db;
  Object.assign(token, await shop.loginAs('agent', 'agent2', 'b2b', 'b2b2', 'consumer'));
  Object.assign(customer, await shop.customerIds());
  agentId = (await db.select().from(users).where(eq(users.email, 'agent@example.com')))[0]!.id;
  vendemmia = (await db.select().from(promotions).where(eq(promotions.code, 'VENDEMMIA2026')))[0]!;
  const DAY = 86_400_000;
  await db.insert(promotions).values([
    { code: 'TEST-EXPIRED', type: 'percentage', value: 30, shopContext: 'all', validTo: new Date(Date.now() - DAY), name: { it: 'Scaduta' }, description: { it: 'Scaduta' } },
    { code: 'TEST-B2C', type: 'fixed', value: 5, shopContext: 'b2c', name: { it: 'Solo privati', en: 'Consumers only' }, description: { it: 'Privati' } },
    { code: 'TEST-OFF', type: 'fixed', value: 5, shopContext: 'all', isActive: false, name: { it: 'Spenta' }, description: { it: 'Spenta' } },
  ]);
  await db.insert(coupons).values([
    { code: 'FUTURO', type: 'percentage', value: 10, validFrom: new Date(Date.now() + DAY) },
    { code: 'ESAURITO', type: 'percentage', value: 10, maxUses: 1, usedCount: 1 },
    { code: 'SOLOB2C', type: 'fixed', value: 5, shopContext: 'b2c' },
    { code: 'SOLOC0002', type: 'fixed', value: 5, customerId: customer.C0002 },
    { code: 'SPENTO', type: 'fixed', value: 5, isActive: false },
    // Without terms: BENVENUTO10 is for a first order, and the demo customers have ordered.
    { code: 'PROVA10', type: 'percentage', value: 10 },
  ]);
});
afterAll(() => shop?.close());

const db = () => shop.database.db;
type Err = ErrorBody;

describe('promotions/ lists', () => {
  it('lists the promotions running now for the context, without signing in', async () => {
    const { status, body } = await shop.json<Paged<Promotion>>('promotions/');
    expect(status).toBe(200);
    const codes = body.results.map((p) => p.code);
    expect(codes).toContain('VENDEMMIA2026');
    expect(codes).not.toContain('TEST-EXPIRED');
    expect(codes).not.toContain('TEST-B2C');
    expect(codes).not.toContain('TEST-OFF');
    expect(body.count).toBe(body.results.length);
    const b2c = await shop.json<Paged<Promotion>>('promotions/?shop_context=b2c');
    expect(b2c.body.results.map((p) => p.code)).toEqual(expect.arrayContaining(['VENDEMMIA2026', 'TEST-B2C']));
  });

  it('lists every promotion under all/, paged and sorted', async () => {
    const all = await shop.json<Paged<Promotion>>('promotions/all/?order_by=code-asc');
    expect(all.body.count).toBe(4);
    expect(all.body.results.map((p) => p.code)).toEqual(['TEST-B2C', 'TEST-EXPIRED', 'TEST-OFF', 'VENDEMMIA2026']);
    const page = await shop.json<Paged<Promotion>>('promotions/all/?order_by=code-desc&page=2&page_size=3');
    expect(page.body).toMatchObject({ count: 4 });
    expect(page.body.results.map((p) => p.code)).toEqual(['TEST-B2C']);
  });

  it('localizes names and falls back to Italian', async () => {
    const en = await shop.json<Paged<Promotion>>('promotions/all/?order_by=code-asc&locale=en');
    expect(en.body.results.find((p) => p.code === 'VENDEMMIA2026')!.name).toBe('Harvest 2026 promotion');
    expect(en.body.results.find((p) => p.code === 'TEST-OFF')!.name).toBe('Spenta');
  });

  it('refuses bad ordering and paging', async () => {
    expect((await shop.json('promotions/?order_by=name-asc')).status).toBe(400);
    expect((await shop.json('promotions/all/?order_by=code-up')).status).toBe(400);
    expect((await shop.json('promotions/?page=0')).status).toBe(400);
    expect((await shop.json('promotions/?page_size=abc')).status).toBe(400);
  });
});

describe('promotions/{id}/', () => {
  it('answers the promotion with its products and canvas', async () => {
    const { status, body } = await shop.json<Promotion>(`promotions/${vendemmia.id}/?locale=es`);
    expect(status).toBe(200);
    const linked = await db().select().from(promotionProducts).where(eq(promotionProducts.promotionId, vendemmia.id));
    expect(body).toMatchObject({ id: vendemmia.id, code: 'VENDEMMIA2026', name: 'Promoción Vendimia 2026', type: 'percentage', value: 5, min_order: 300, canvas: vendemmia.canvasId, is_active: true });
    expect([...body.products].sort((a, b) => a - b)).toEqual(linked.map((l) => l.productId).sort((a, b) => a - b));
    expect(body.valid_from).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await shop.json('promotions/999999/')).status).toBe(404);
    expect((await shop.json('promotions/abc/')).status).toBe(400);
  });
});

describe('promotions/canvasses/', () => {
  it("lists the canvases with the request's locale blocks", async () => {
    const it_ = await shop.json<Paged<Canvas>>('promotions/canvasses/');
    expect(it_.status).toBe(200);
    expect(it_.body.count).toBeGreaterThanOrEqual(1);
    expect(it_.body.results.every((c) => c.kind === 'canvas')).toBe(true);
    const canvas = it_.body.results.find((c) => c.id === vendemmia.canvasId)!;
    expect(canvas.blocks[0]).toMatchObject({ type: 'hero', title: 'Promo Vendemmia 2026' });
    const en = await shop.json<Canvas>(`promotions/canvasses/${vendemmia.canvasId}/?locale=en`);
    expect(en.body).toMatchObject({ id: vendemmia.canvasId, title: 'Harvest 2026 promotion' });
    expect(en.body.blocks[0]).toMatchObject({ type: 'hero', title: 'Harvest 2026 promotion' });
  });

  it('falls back to the Italian blocks', async () => {
    const [doc] = await db()
      .insert(pageDocuments)
      .values({ kind: 'canvas', title: { it: 'Solo italiano' }, description: { it: 'Solo italiano' }, blocks: { it: [{ type: 'paragraph', text: 'Ciao' }] } })
      .returning();
    const { body } = await shop.json<Canvas>(`promotions/canvasses/${doc!.id}/?locale=es`);
    expect(body).toMatchObject({ title: 'Solo italiano', blocks: [{ type: 'paragraph', text: 'Ciao' }] });
  });

  it('finds a content page by slug', async () => {
    const { body } = await shop.json<Paged<Canvas>>('promotions/canvasses/?slug=chi-siamo&locale=en');
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({ kind: 'page', slug: 'chi-siamo' });
    expect(body.results[0]!.blocks.length).toBeGreaterThan(0);
    expect((await shop.json<Paged<Canvas>>('promotions/canvasses/?slug=nessuna-pagina')).body).toEqual({ results: [], count: 0 });
    expect((await shop.json('promotions/canvasses/?slug=Bad_Slug!')).status).toBe(400);
  });

  it('hides unpublished documents and answers 404 for unknown ones', async () => {
    const [doc] = await db()
      .insert(pageDocuments)
      .values({ kind: 'canvas', title: { it: 'Bozza' }, description: { it: 'Bozza' }, blocks: { it: [] }, isPublished: false })
      .returning();
    expect((await shop.json(`promotions/canvasses/${doc!.id}/`)).status).toBe(404);
    expect((await shop.json('promotions/canvasses/999999/')).status).toBe(404);
    expect((await shop.json('promotions/canvasses/x/')).status).toBe(400);
  });
});

const apply = (who: string | undefined, body: unknown, query = '') =>
  shop.send<CouponApplyResponse & Err>('POST', `promotions/coupons/apply/${query}`, { token: who, body });

describe('promotions/coupons/apply/ on a price', () => {
  it('needs a signed-in user', async () => {
    expect((await apply(undefined, { coupon: 'PROVA10', price: 100 })).status).toBe(401);
  });

  it('takes a percentage off the price', async () => {
    const { status, body } = await apply(token.b2b, { coupon: 'PROVA10', customer: customer.C0001, price: 100 });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 'PROVA10', type: 'percentage', value: 10, discount: 10, final_price: 90 });
  });

  it('reads the code without case', async () => {
    const { status, body } = await apply(token.b2b, { coupon: ' prova10 ', price: 80 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ discount: 8, final_price: 72 });
  });

  it('takes a fixed amount off from its minimum order', async () => {
    expect((await apply(token.b2b, { coupon: 'SCONTO20', price: 200 })).body).toMatchObject({ type: 'fixed', discount: 20, final_price: 180 });
    const under = await apply(token.b2b, { coupon: 'SCONTO20', price: 149.99 });
    expect(under.status).toBe(400);
    expect(under.body.detail).toBe('The coupon is not valid.');
  });

  it.each([['unknown', 'NONESISTE'], ['expired', 'ESTATE2025'], ['not yet valid', 'FUTURO'], ['used up', 'ESAURITO'], ['inactive', 'SPENTO'], ['wrong-context', 'SOLOB2C'], ["another customer's", 'SOLOC0002']])(
    'refuses an %s coupon with 400 "The coupon is not valid."',
    async (_, code) => {
      const { status, body } = await apply(token.b2b, { coupon: code, price: 500 });
      expect(status).toBe(400);
      expect(body.detail).toBe('The coupon is not valid.');
    },
  );

  it('applies a context coupon in its context and a personal coupon for its customer', async () => {
    expect((await apply(token.consumer, { coupon: 'SOLOB2C', price: 50 }, '?shop_context=b2c')).status).toBe(200);
    expect((await apply(token.b2b2, { coupon: 'soloc0002', price: 50 })).status).toBe(200);
  });

  it('checks who the coupon is applied for', async () => {
    expect((await apply(token.b2b, { coupon: 'PROVA10', customer: customer.C0002, price: 50 })).status).toBe(403);
    expect((await apply(token.agent, { coupon: 'PROVA10', price: 50 })).status).toBe(400);
    expect((await apply(token.agent, { coupon: 'PROVA10', customer: customer.C0004, price: 50 })).status).toBe(403);
    expect((await apply(token.agent, { coupon: 'PROVA10', customer: customer.C0001, price: 50 })).status).toBe(200);
  });

  it.each([
    ['no price nor cart', { coupon: 'PROVA10' }],
    ['a numeric code', { coupon: 10, price: 10 }],
    ['an empty code', { coupon: '  ', price: 10 }],
    ['a negative price', { coupon: 'PROVA10', price: -1 }],
    ['a huge price', { coupon: 'PROVA10', price: 1e15 }],
    ['a string price', { coupon: 'PROVA10', price: '10' }],
    ['a string cart', { coupon: 'PROVA10', cart: '1' }],
    ['an unknown field', { coupon: 'PROVA10', price: 10, discount: 99 }],
  ])('refuses %s with 400', async (_, body) => {
    expect((await apply(token.b2b, body)).status).toBe(400);
  });

  it('refuses malformed JSON', async () => {
    const res = await shop.call('promotions/coupons/apply/', { method: 'POST', headers: { Authorization: `Token ${token.b2b}`, 'Content-Type': 'application/json' }, body: '{"coupon"' });
    expect(res.status).toBe(400);
  });
});

describe('promotions/coupons/apply/ on a cart', () => {
  let cartA = 0;
  let cheap = 0;
  let cheapPrice = 0;

  const open = async (who: string, body: Record<string, unknown> = {}) => (await shop.send<CartHeader>('POST', 'carts/get-or-create/', { token: who, body })).body;
  const put = (cart: number, product: number, qty: number) => shop.send<CartRowChange & Err>('POST', 'carts/rows/', { token: token.b2b, body: { cart, product, qty } });

  beforeAll(async () => {
    cartA = (await open(token.b2b)).id!;
    const [p] = await db().select().from(products).where(eq(products.code, 'GIA-0001'));
    cheap = p!.id;
    await db().update(products).set({ quantity: 10_000, isBackorderable: false }).where(eq(products.id, cheap));
  });
  beforeEach(async () => {
    await db().delete(cartRows).where(eq(cartRows.cartId, cartA));
    await db().update(carts).set({ couponId: null, promotionId: null }).where(eq(carts.id, cartA));
    cheapPrice = (await put(cartA, cheap, 1)).body.row!.price;
  });

  it('stores the coupon on the cart and answers the cart final price', async () => {
    const { status, body } = await apply(token.b2b, { coupon: 'prova10', customer: customer.C0001, cart: cartA });
    expect(status).toBe(200);
    const discount = Math.round(cheapPrice * 10) / 100;
    expect(body).toMatchObject({ code: 'PROVA10', type: 'percentage', discount });
    expect(body.final_price).toBeCloseTo(cheapPrice - discount, 2);
    const [stored] = await db().select().from(carts).where(eq(carts.id, cartA));
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, 'PROVA10'));
    expect(stored!.couponId).toBe(coupon!.id);
    const header = await open(token.b2b);
    expect(header.coupon).toEqual({ code: 'PROVA10', type: 'percentage', value: 10, discount, is_valid: true });
    expect(header).toMatchObject({ coupon_discount: discount, final_price: body.final_price });
  });

  it("compares the minimum with the cart's subtotal and leaves the cart as it was when refused", async () => {
    const qty = Math.floor(149 / cheapPrice);
    if (qty > 1) await put(cartA, cheap, qty);
    const refused = await apply(token.b2b, { coupon: 'SCONTO20', cart: cartA });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('The coupon is not valid.');
    expect((await open(token.b2b)).coupon).toBeNull();
    await put(cartA, cheap, Math.ceil(150 / cheapPrice));
    const ok = await apply(token.b2b, { coupon: 'SCONTO20', cart: cartA });
    expect(ok.body.discount).toBe(20);
  });

  it('keeps a coupon that no longer applies on the cart, marked not valid', async () => {
    await put(cartA, cheap, Math.ceil(150 / cheapPrice));
    expect((await apply(token.b2b, { coupon: 'SCONTO20', cart: cartA })).status).toBe(200);
    await put(cartA, cheap, 1);
    const header = await open(token.b2b);
    expect(header.coupon).toMatchObject({ code: 'SCONTO20', discount: 0, is_valid: false });
    expect(header.final_price).toBe(header.subtotal);
  });

  it('takes the coupon off what is left after the promotion', async () => {
    const [link] = await db().select().from(promotionProducts).where(eq(promotionProducts.promotionId, vendemmia.id)).limit(1);
    await db().update(products).set({ quantity: 10_000, isBackorderable: false }).where(eq(products.id, link!.productId));
    const row = (await put(cartA, link!.productId, 1)).body.row!;
    await put(cartA, link!.productId, Math.ceil(300 / row.price) + 1);
    const before = await open(token.b2b);
    expect(before.promotion?.code).toBe('VENDEMMIA2026');
    const applied = await apply(token.b2b, { coupon: 'PROVA10', cart: cartA });
    const after = await open(token.b2b);
    const expected = Math.round((before.subtotal - before.promotion_discount) * 10) / 100;
    expect(applied.body.discount).toBeCloseTo(expected, 2);
    expect(after.final_price).toBeCloseTo(before.subtotal - before.promotion_discount - expected, 2);
    expect(after.discount).toBeCloseTo(before.promotion_discount + expected, 2);
  });

  it('removes the coupon with DELETE ?cart=', async () => {
    await apply(token.b2b, { coupon: 'PROVA10', cart: cartA });
    const { status, body } = await shop.send<CartHeader>('DELETE', `promotions/coupons/apply/?cart=${cartA}`, { token: token.b2b });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: cartA, coupon: null, coupon_discount: 0 });
    expect((await shop.send('DELETE', 'promotions/coupons/apply/?cart=abc', { token: token.b2b })).status).toBe(400);
    expect((await shop.send('DELETE', `promotions/coupons/apply/?cart=${cartA}`)).status).toBe(401);
  });

  it("keeps customer A's cart from customer B and another agent (404), but not from A's agent", async () => {
    for (const who of [token.b2b2, token.agent2]) {
      expect((await apply(who, { coupon: 'PROVA10', cart: cartA })).status).toBe(404);
      expect((await shop.send('DELETE', `promotions/coupons/apply/?cart=${cartA}`, { token: who })).status).toBe(404);
    }
    expect((await apply(token.agent, { coupon: 'PROVA10', customer: customer.C0002, cart: cartA })).status).toBe(400);
    const byAgent = await apply(token.agent, { coupon: 'PROVA10', cart: cartA });
    expect(byAgent.status).toBe(200);
    expect((await shop.send('DELETE', `promotions/coupons/apply/?cart=${cartA}`, { token: token.agent })).status).toBe(200);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agentId, agentId), eq(auditLog.customerId, customer.C0001!), sql`${auditLog.action} like 'cart.coupon.%'`));
    expect(audit.map((a) => a.action)).toEqual(['cart.coupon.apply', 'cart.coupon.remove']);
    expect(audit[0]!.data).toEqual({ coupon: 'PROVA10' });
  });
});

describe('content pages through promotions/canvasses/', () => {
  it('lists content pages with kind=page, canvases by default, and refuses other kinds', async () => {
    const pages = await shop.json<{ results: { kind: string; slug: string }[]; count: number }>('promotions/canvasses/?kind=page&page_size=100');
    expect(pages.body.results.every((p) => p.kind === 'page')).toBe(true);
    expect(pages.body.results.map((p) => p.slug)).toEqual(expect.arrayContaining(['chi-siamo', 'offerte', 'codice-sconto']));
    const canvases = await shop.json<{ results: { kind: string }[] }>('promotions/canvasses/');
    expect(canvases.body.results.every((p) => p.kind === 'canvas')).toBe(true);
    expect((await shop.call('promotions/canvasses/?kind=secret')).status).toBe(400);
  });
});
