// What the checkout page needs (spec section 7, checkout/init/): the customer's address book,
// payment methods and shipping policies of its context, and the cart quoted as the order would be.
import type { CheckoutInitResponse } from '../../src/lib/contract/checkout';
import type { GetOrCreateBody } from '../../src/lib/contract/cart';
import type { Locale, ShopContext } from '../../src/lib/contract/common';
import type { AuthUser } from '../auth/auth-user';
import { cartWithCustomer, findOpenCart } from '../cart/cart-store';
import { resolveOwnerKey } from '../cart/owner';
import { shopContextFor } from '../../src/lib/rules/shop-context';
import { pick } from '../catalogue/localized';
import { toCartRow } from '../cart/cart-summary';
import type { Db } from '../db/client';
import { shopError } from '../shop-errors';
import { addressBook, toAddress } from './address-book';
import { quoteCart, toCheckoutTotals } from './cart-quote';
import { paymentMethodsFor, shippingPoliciesFor, toPaymentMethod } from './shop-options';

/** The customer's cart with the customer; NotFound for a cart of anybody else, so its id reveals nothing. */
async function customerCart(db: Db, cartId: number, customerId: number) {
  const found = await cartWithCustomer(db, cartId);
  if (!found || found.cart.customerId !== customerId) throw shopError('NotFound', [{ field: 'cart', code: 'not_found', message: 'Cart not found.' }]);
  return found;
}

/**
 * The open cart checkout/init/ is for when the page names none: the one carts/get-or-create/
 * would answer for the same customer, season and agent; NotFound when there is none yet.
 */
export async function openCartOf(db: Db, user: AuthUser, body: GetOrCreateBody, requestedContext: ShopContext): Promise<number> {
  const { key } = await resolveOwnerKey(db, user, body, requestedContext);
  const cart = await findOpenCart(db, key);
  if (!cart) throw shopError('NotFound', [{ field: 'cart', code: 'not_found', message: 'Cart not found.' }]);
  return cart.id;
}

export interface CheckoutInitInput {
  customerId: number;
  cartId: number;
  /** The shipping address to price the policies for; the first one of the book when absent. */
  shippingAddressId?: number | null;
  freeShippingCode?: string;
}

export async function checkoutInit(db: Db, input: CheckoutInitInput, options: { locale: Locale; now: Date }): Promise<CheckoutInitResponse> {
  const { locale } = options;
  // The cart with its customer and the settings (read once for the quote and the shipping policies).
  const { cart, customer, settings } = await customerCart(db, input.cartId, input.customerId);
  // The customer's kind, not the context the cart was opened in, says what it may choose (ADR 0015).
  const shopContext = shopContextFor(customer.kind, cart.shopContext);
  const [book, methods, quote] = await Promise.all([
    addressBook(db, input.customerId),
    paymentMethodsFor(db, shopContext),
    quoteCart(db, cart, { locale, now: options.now, effect: settings.effect }),
  ]);
  const billing = book.filter((a) => a.type === 'Billing');
  const shipping = book.filter((a) => a.type === 'Shipping');
  let chosen = shipping[0];
  if (input.shippingAddressId) {
    chosen = shipping.find((a) => a.id === input.shippingAddressId);
    if (!chosen) throw shopError('NotFound', [{ field: 'shipping_address', code: 'not_found', message: 'Shipping address not found.' }]);
  }
  const totals = quote.totals(0);
  const policies = chosen
    ? await shippingPoliciesFor(db, { country: chosen.country, context: shopContext, typedCode: input.freeShippingCode, freeCode: settings.freeShippingCode }, locale, totals.goods)
    : [];
  return {
    customer: { id: customer.id, business_name: customer.businessName, first_name: customer.firstName, last_name: customer.lastName, email: customer.email, kind: customer.kind, vat_number: customer.vatNumber },
    billing_addresses: billing.map(toAddress),
    shipping_addresses: shipping.map(toAddress),
    billing_address: billing[0]?.id ?? null,
    shipping_address: chosen?.id ?? null,
    payment_methods: methods.map((m) => ({ ...toPaymentMethod(m, locale), ...(m.isContract ? { payment_terms: customer.paymentTerms ? pick(customer.paymentTerms, locale) : null } : {}) })),
    shipping_policies: policies,
    cart: quote.summary.header,
    rows: quote.summary.rows.map(toCartRow),
    totals: toCheckoutTotals(totals),
    problems: quote.problems,
  };
}
