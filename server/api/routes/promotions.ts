// Promotions, their page-builder canvases and coupons (spec section 7, promotions/). Reading is
// public; applying a coupon acts for a customer.
import type { Context } from 'hono';
import type { OperationInput } from '../../../src/lib/contract/operation-io';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { PROMOTION_ORDER_FIELDS, type CouponApplyResponse } from '../../../src/lib/contract/promotions';
import { couponOutcome, type CouponProblem } from '../../../src/lib/rules/coupon';
import { shopContextFor } from '../../../src/lib/rules/shop-context';
import { COUPON_FAILURES, countFailure, failuresUsedUp } from '../../auth/attempt-limits';
import { auditAgentAction } from '../../auth/audit';
import { resolveCustomer } from '../../auth/permissions';
import { summaryAfterChange, visibleCart } from '../../cart/cart-access';
import { setCartCoupon } from '../../cart/cart-store';
import { summarizeCart } from '../../cart/cart-summary';
import { couponByCode, couponCustomer } from '../../cart/coupon-store';
import { DEFAULT_PROMOTION_ORDER, listPromotions, promotionById } from '../../cart/promotion-store';
import { canvasById, listCanvases } from '../../content/page-documents';
import { clientAddress } from '../client-address';
import type { ApiEnv } from '../context';
import { apiError, couponNotValid } from '../errors';
import { requireUser } from '../middleware/auth';
import { defineHandlers } from '../operation-routes';
import { refuseWhile } from '../throttle';

type PromotionListQuery = OperationInput<'listAllPromotions'>['query'];

function promotionPage(c: Context<ApiEnv>, q: PromotionListQuery, runningNow: boolean) {
  let ordering = DEFAULT_PROMOTION_ORDER;
  if (q.order_by) {
    const parsed = parseOrderBy(q.order_by, PROMOTION_ORDER_FIELDS);
    if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
    ordering = parsed.value;
  }
  const { db, now } = c.get('deps');
  const filter = runningNow ? { runningNow: { now: now(), shopContext: c.get('shopContext') } } : {};
  return listPromotions(db, filter, c.get('locale'), { page: q.page, pageSize: q.page_size }, ordering);
}

export const promotionHandlers = defineHandlers({
  /** Promotions running now for the request's shop context. */
  listActivePromotions: (c, { query }) => promotionPage(c, query, true),

  /** Every promotion, running or not. */
  listAllPromotions: (c, { query }) => promotionPage(c, query, false),

  listCanvases: (c, { query: q }) => listCanvases(c.get('deps').db, c.get('locale'), { slug: q.slug, kind: q.kind }, { page: q.page, pageSize: q.page_size }),

  getCanvas: async (c, { params: { id } }) => {
    const canvas = await canvasById(c.get('deps').db, id, c.get('locale'));
    if (!canvas) throw apiError('NotFound');
    return canvas;
  },

  /**
   * With `cart`: the coupon is worked out on the cart (after its promotion) and stored on it.
   * Without: on `price`. Any coupon that does not apply is the spec's 400 "The coupon is not valid.";
   * error_list[0].code says why (ADR 0015).
   */
  applyCoupon: async (c, { body }) => {
    const user = requireUser(c);
    const { db, now } = c.get('deps');
    // Codes are guessable: wrong ones are counted per user and per address, and bounded.
    const limitKeys = [`coupon:user:${user.id}`, `coupon:ip:${clientAddress(c)}`];
    refuseWhile(c, await failuresUsedUp(db, limitKeys, COUPON_FAILURES, now()));
    const refuse = async (problem: CouponProblem | 'not_found', minimum?: number) => {
      await countFailure(db, limitKeys, COUPON_FAILURES, now());
      return couponNotValid(problem, { minimum });
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
      if (!outcome.ok) throw await refuse(outcome.problem, coupon.minOrder);
      const answer: CouponApplyResponse = { code: coupon.code, type: coupon.type, value: coupon.value, discount: outcome.discount, final_price: outcome.finalPrice };
      return answer;
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
    if (!outcome.ok) throw await refuse(outcome.problem, coupon.minOrder);
    await setCartCoupon(db, cart.id, coupon.id);
    await auditAgentAction(db, user, cart.customerId, 'cart.coupon.apply', 'cart', cart.id, { coupon: coupon.code });
    const { header } = await summaryAfterChange(db, { ...cart, couponId: coupon.id }, { locale: c.get('locale'), now: at });
    const answer: CouponApplyResponse = { code: coupon.code, type: coupon.type, value: coupon.value, discount: header.coupon_discount, final_price: header.final_price };
    return answer;
  },

  /** DELETE promotions/coupons/apply/?cart={id}: takes the coupon off the cart; answers the cart header. */
  removeCoupon: async (c, { query: q }) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const cart = await visibleCart(db, user, q.cart);
    await setCartCoupon(db, cart.id, null);
    if (cart.couponId !== null) await auditAgentAction(db, user, cart.customerId, 'cart.coupon.remove', 'cart', cart.id);
    return (await summaryAfterChange(db, { ...cart, couponId: null }, { locale: c.get('locale'), now: c.get('deps').now() })).header;
  },

  getPromotion: async (c, { params: { id } }) => {
    const promotion = await promotionById(c.get('deps').db, id, c.get('locale'));
    if (!promotion) throw apiError('NotFound');
    return promotion;
  },
});
