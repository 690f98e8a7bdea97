// Promotions, their page-builder canvases and coupons (spec section 7, promotions/). Reading is
// public; applying a coupon acts for a customer.
import { asc, desc, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { IdSchema } from '../../../src/lib/contract/common';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import {
  CanvasListQuerySchema, CouponApplyBodySchema, CouponRemoveQuerySchema, PROMOTION_ORDER_FIELDS, PromotionListQuerySchema,
  type CouponApplyResponse,
} from '../../../src/lib/contract/promotions';
import { couponOutcome, type CouponProblem } from '../../../src/lib/rules/coupon';
import { shopContextFor } from '../../../src/lib/rules/shop-context';
import { COUPON_FAILURES, countFailure, failuresUsedUp } from '../../auth/attempt-limits';
import { auditAgentAction } from '../../auth/audit';
import { resolveCustomer } from '../../auth/permissions';
import { summaryAfterChange, visibleCart } from '../../cart/cart-access';
import { setCartCoupon } from '../../cart/cart-store';
import { summarizeCart } from '../../cart/cart-summary';
import { couponByCode, couponCustomer } from '../../cart/coupon-store';
import { canvasById, listCanvases } from '../../content/page-documents';
import { activeNow, promotionById, promotionCount, shapePromotions } from '../../cart/promotion-store';
import { promotions } from '../../db/schema';
import { readBody } from '../body';
import type { ApiEnv } from '../context';
import { apiError, couponNotValid } from '../errors';
import { clientAddress } from '../client-address';
import { requireUser } from '../middleware/auth';
import { refuseWhile } from '../throttle';
import { parseOrThrow, parseQuery } from '../validation';

export const promotionsRoutes = new Hono<ApiEnv>({ strict: false });

async function listPromotions(c: Context<ApiEnv>, where: SQL | undefined) {
  const q = parseQuery(c, PromotionListQuerySchema);
  let ordering: { field: (typeof PROMOTION_ORDER_FIELDS)[number]; direction: 'asc' | 'desc' } = { field: 'id', direction: 'asc' };
  if (q.order_by) {
    const parsed = parseOrderBy(q.order_by, PROMOTION_ORDER_FIELDS);
    if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
    ordering = parsed.value;
  }
  const column = {
    id: promotions.id,
    code: promotions.code,
    valid_from: promotions.validFrom,
    valid_to: promotions.validTo,
    value: promotions.value,
    min_order: promotions.minOrder,
  }[ordering.field];
  const { db } = c.get('deps');
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(ordering.direction === 'asc' ? asc(column) : desc(column), asc(promotions.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    promotionCount(db, where),
  ]);
  return c.json({ results: await shapePromotions(db, records, c.get('locale')), count: total?.count ?? 0 });
}

/** Promotions running now for the request's shop context. */
promotionsRoutes.get('/', (c) => listPromotions(c, activeNow(c.get('deps').now(), c.get('shopContext'))));

/** Every promotion, running or not. */
promotionsRoutes.get('/all', (c) => listPromotions(c, undefined));

promotionsRoutes.get('/canvasses', async (c) => {
  const q = parseQuery(c, CanvasListQuerySchema);
  return c.json(await listCanvases(c.get('deps').db, c.get('locale'), { slug: q.slug, kind: q.kind }, { page: q.page, pageSize: q.page_size }));
});

promotionsRoutes.get('/canvasses/:id', async (c) => {
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const canvas = await canvasById(c.get('deps').db, id, c.get('locale'));
  if (!canvas) throw apiError('NotFound');
  return c.json(canvas);
});

/**
 * With `cart`: the coupon is worked out on the cart (after its promotion) and stored on it.
 * Without: on `price`. Any coupon that does not apply is the spec's 400 "The coupon is not valid.";
 * error_list[0].code says why (ADR 0015).
 */
promotionsRoutes.post('/coupons/apply', async (c) => {
  const user = requireUser(c);
  const body = await readBody(c, CouponApplyBodySchema);
  const { db, now } = c.get('deps');
  // Codes are guessable: wrong ones are counted per user and per address, and bounded.
  const limitKeys = [`coupon:user:${user.id}`, `coupon:ip:${clientAddress(c)}`];
  refuseWhile(c, await failuresUsedUp(db, limitKeys, COUPON_FAILURES, now()));
  const refuse = async (problem: CouponProblem | 'not_found') => {
    await countFailure(db, limitKeys, COUPON_FAILURES, now());
    return couponNotValid(problem);
  };
  if ((body.cart ?? null) === null && (body.price ?? null) === null) {
    throw apiError('ValidationFailed', [{ field: 'price', code: 'required', message: 'Give the cart or the price to apply the coupon to.' }]);
  }
  const cart = body.cart ? await visibleCart(db, user, body.cart) : undefined;
  const customerId = await resolveCustomer(db, user, body.customer ?? cart?.customerId);
  if (cart && cart.customerId !== customerId) {
    throw apiError('ValidationFailed', [{ field: 'cart', code: 'invalid', message: "This cart is not the customer's." }]);
  }
  const coupon = await couponByCode(db, body.coupon);
  if (!coupon) throw await refuse('not_found');
  const at = now();
  // The terms are the customer's, and so is the context: not what the client asked (ADR 0015).
  const customer = await couponCustomer(db, customerId, coupon);
  const shopContext = shopContextFor(customer.kind, c.get('shopContext'));
  if (!cart) {
    const price = body.price!;
    const outcome = couponOutcome(coupon, { now: at, shopContext, customerId, customer, orderAmount: price, base: price });
    if (!outcome.ok) throw await refuse(outcome.problem);
    const answer: CouponApplyResponse = { code: coupon.code, type: coupon.type, value: coupon.value, discount: outcome.discount, final_price: outcome.finalPrice };
    return c.json(answer);
  }
  const before = await summarizeCart(db, cart, { locale: c.get('locale'), now: at });
  const outcome = couponOutcome(coupon, {
    now: at,
    shopContext,
    customerId,
    customer,
    orderAmount: before.totals.subtotal,
    base: before.totals.subtotal - (before.totals.promotion?.discount ?? 0),
  });
  if (!outcome.ok) throw await refuse(outcome.problem);
  await setCartCoupon(db, cart.id, coupon.id);
  await auditAgentAction(db, user, cart.customerId, 'cart.coupon.apply', 'cart', cart.id, { coupon: coupon.code });
  const { header } = await summaryAfterChange(db, { ...cart, couponId: coupon.id }, { locale: c.get('locale'), now: at });
  const answer: CouponApplyResponse = { code: coupon.code, type: coupon.type, value: coupon.value, discount: header.coupon_discount, final_price: header.final_price };
  return c.json(answer);
});

/** DELETE promotions/coupons/apply/?cart={id}: takes the coupon off the cart; answers the cart header. */
promotionsRoutes.delete('/coupons/apply', async (c) => {
  const user = requireUser(c);
  const q = parseQuery(c, CouponRemoveQuerySchema);
  const { db } = c.get('deps');
  const cart = await visibleCart(db, user, q.cart);
  await setCartCoupon(db, cart.id, null);
  if (cart.couponId !== null) await auditAgentAction(db, user, cart.customerId, 'cart.coupon.remove', 'cart', cart.id);
  return c.json((await summaryAfterChange(db, { ...cart, couponId: null }, { locale: c.get('locale'), now: c.get('deps').now() })).header);
});

promotionsRoutes.get('/:id', async (c) => {
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const promotion = await promotionById(c.get('deps').db, id, c.get('locale'));
  if (!promotion) throw apiError('NotFound');
  return c.json(promotion);
});
