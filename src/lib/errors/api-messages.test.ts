import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../api/result';
import { COUPON_FIELD_CODES, ERROR_CODES, FIELD_CODES, NETWORK_ERROR, type FailureCode } from '../contract/error-codes';
import { createT, type MessageTree } from '../i18n/client-messages';
import { MESSAGES } from '../i18n/i18n';
import { islandMessages } from '../i18n/island-messages';
import { LOCALES } from '../i18n/locales';
import { CODE_MESSAGES, COUPON_CODE_MESSAGES, FIELD_CODE_MESSAGES, PASSWORD_CODE_MESSAGES, failureMessageKey, fieldErrors, fieldMessageKey } from './api-messages';

type Item = ApiFailure['errorList'][number];
const failure = (status: number, code: FailureCode, errorList: Item[] = [], detail = ''): ApiFailure => ({ status, code, detail, errorList });
const en = createT(islandMessages('en', ['errors']), 'en');

/** The message at a dotted key of one locale's catalogue, or undefined. */
function messageAt(locale: (typeof LOCALES)[number], key: string): string | undefined {
  let node: MessageTree | string | undefined = MESSAGES[locale] as unknown as MessageTree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('failureMessageKey (spec section 8)', () => {
  it('reads login and password answers by code', () => {
    expect(en(failureMessageKey('login', failure(401, 'InvalidLoginCredentials')))).toBe('Invalid login credentials');
    expect(en(failureMessageKey('login', failure(500, 'Unexpected')))).toBe('Unknown server error');
    expect(en(failureMessageKey('logout', failure(401, 'NotAuthenticated')))).toBe('not authenticated');
    expect(failureMessageKey('otpChange', failure(401, 'InvalidOtp'))).toBe('errors.invalidOtp');
    expect(failureMessageKey('otpChange', failure(400, 'InvalidPassword'))).toBe('errors.invalidPassword');
    expect(failureMessageKey('otpChange', failure(404, 'UserNotFound'))).toBe('errors.userNotFound');
    expect(failureMessageKey('passwordReset', failure(404, 'UserNotFound'))).toBe('errors.userNotFound');
  });

  it('reads cart row errors by code', () => {
    expect(en(failureMessageKey('cartRow', failure(400, 'QuantityNotAvailable')))).toBe('The quantity is not available');
    expect(en(failureMessageKey('cartRow', failure(409, 'OutOfStock')))).toBe('The quantity is not available');
    expect(en(failureMessageKey('cartRow', failure(400, 'NegativeQuantity')))).toBe('The quantity must be a positive number');
    expect(en(failureMessageKey('cartRow', failure(500, 'Unexpected')))).toBe('An error occurred while trying to update the cart');
  });

  it('never reads the English detail: a reworded or translated detail changes nothing', () => {
    expect(failureMessageKey('wishlistAdd', failure(400, 'ProductAlreadyInWishlist', [], 'Il prodotto è già presente'))).toBe('errors.productAlreadyInWishlist');
    expect(failureMessageKey('wishlistAdd', failure(400, 'BadRequest', [], 'Product already in the wishlist'))).toBe('errors.wishlistAddFailed');
    // A product no longer sold (unpublished after its static page was built): "Invalid product".
    expect(failureMessageKey('wishlistAdd', failure(404, 'ProductNotFound', [{ field: 'product', code: 'not_found', message: '' }]))).toBe('errors.invalidProduct');
    expect(failureMessageKey('cartRow', failure(400, 'BadRequest', [], 'quantity_not_available'))).toBe('errors.cartUpdateFailed');
    expect(failureMessageKey('coupon', failure(400, 'ValidationFailed', [], 'The coupon is not valid.'))).toBe('errors.couponApplyFailed');
    expect(failureMessageKey('checkout', failure(400, 'InvalidOrder', [], 'Ordine non valido'))).toBe('errors.invalidOrder');
  });

  it('tells an invalid coupon from a failed call', () => {
    expect(en(failureMessageKey('coupon', failure(400, 'CouponNotValid')))).toBe('The coupon is not valid.');
    expect(en(failureMessageKey('coupon', failure(500, 'Unexpected')))).toBe('An error occurred while applying the coupon.');
    // A coupon used up by a concurrent order is a 409 at checkout, still "not valid".
    expect(failureMessageKey('checkout', failure(409, 'Conflict', [{ field: 'coupon', code: 'used_up', message: '' }]))).toBe('errors.couponNotValid');
  });

  it('says which coupon term failed, in each language, at apply and at checkout (ADR 0015)', () => {
    const term = (code: string) => failure(400, 'CouponNotValid', [{ field: 'coupon', code, message: '' }]);
    const it_ = createT(islandMessages('it', ['errors']), 'it');
    const es = createT(islandMessages('es', ['errors']), 'es');
    expect(en(failureMessageKey('coupon', term('not_first_order')))).toBe('This coupon is for your first order only.');
    expect(it_(failureMessageKey('coupon', term('not_first_order')))).toBe('Questo coupon vale solo sul primo ordine.');
    expect(es(failureMessageKey('checkout', term('already_used')))).toBe('Ya has usado este cupón: solo puede usarse una vez por cliente.');
    // A refusal without a published term keeps the spec's message.
    expect(en(failureMessageKey('coupon', term('used_up')))).toBe('The coupon is not valid.');
    expect(en(failureMessageKey('coupon', term('a_term_from_a_newer_server')))).toBe('The coupon is not valid.');
  });

  it('names the wishlist duplicate, the unreachable server and the unavailable shop', () => {
    expect(en(failureMessageKey('wishlistAdd', failure(400, 'ProductAlreadyInWishlist')))).toBe('Product already in the wishlist');
    expect(failureMessageKey('wishlistAdd', failure(400, 'ValidationFailed', [{ field: 'product', code: 'already_in_wishlist', message: '' }]))).toBe('errors.productAlreadyInWishlist');
    expect(failureMessageKey('orders', failure(0, NETWORK_ERROR))).toBe('errors.network');
    expect(failureMessageKey('checkout', failure(429, 'TooManyAttempts'))).toBe('errors.tooManyAttempts');
    expect(failureMessageKey('coupon', failure(503, 'ServiceUnavailable'))).toBe('errors.serviceUnavailable');
    expect(failureMessageKey('checkout', failure(409, 'IdempotencyKeyReused'))).toBe('errors.idempotencyKeyReused');
  });

  it('names a quantity or an order total past the limits (ADR 0012) in every language', () => {
    const tooMuch = failure(400, 'ValidationFailed', [{ field: 'qty', code: 'max_value', message: 'qty must be at most 99999.' }]);
    expect(en(failureMessageKey('cartRow', tooMuch))).toBe('The quantity is too large.');
    const total = failure(400, 'OrderTooLarge', [{ field: 'cart', code: 'total_too_large', message: '' }]);
    expect(en(failureMessageKey('checkout', total))).toBe('The order total is too high: lower the quantities.');
    for (const locale of LOCALES) {
      const t = createT(islandMessages(locale, ['errors']), locale);
      for (const key of ['errors.limits.orderTooLarge', 'errors.limits.quantityTooLargeShort', 'errors.limits.invalidCharacters']) expect(t(key)).not.toBe(key);
      expect(t('errors.limits.quantityTooLarge', { count: 99_999 })).toContain('99999');
    }
  });

  it('collects the first error of each field', () => {
    expect(fieldErrors(failure(400, 'ValidationFailed', [
      { field: 'city', code: 'required', message: 'City is required.' },
      { field: 'city', code: 'max', message: 'City is too long.' },
      { field: null, code: 'x', message: 'General' },
    ]))).toEqual({ city: { code: 'required', message: 'City is required.' } });
  });

  it('reads an error_list item by its code, per field where the same code means more', () => {
    expect(fieldMessageKey({ field: 'password', code: 'digitRequired' })).toBe('validation.digitRequired');
    expect(fieldMessageKey({ field: 'password', code: 'unchanged' })).toBe('auth.errors.samePassword');
    expect(fieldMessageKey({ field: 'coupon', code: 'not_found' })).toBe('errors.couponUnknown');
    expect(fieldMessageKey({ field: 'cart', code: 'not_found' })).toBe('errors.notFound');
    expect(fieldMessageKey({ field: null, code: 'bot_check_required' })).toBe('errors.botCheckRequired');
    expect(fieldMessageKey({ field: 'x', code: 'something_new' })).toBeNull();
  });
});

describe('every code has a message in it, en and es', () => {
  it('maps each catalogue name and the network failure, and nothing else', () => {
    expect(Object.keys(CODE_MESSAGES).sort()).toEqual([...ERROR_CODES, NETWORK_ERROR].sort());
  });

  it('maps each field code the storefront reads, each coupon term and each password rule', () => {
    expect(Object.keys(FIELD_CODE_MESSAGES).sort()).toEqual(Object.values(FIELD_CODES).sort());
    expect(Object.keys(COUPON_CODE_MESSAGES).sort()).toEqual([...COUPON_FIELD_CODES].sort());
  });

  const keys = new Set([...Object.values(CODE_MESSAGES), ...Object.values(FIELD_CODE_MESSAGES), ...Object.values(COUPON_CODE_MESSAGES), ...Object.values(PASSWORD_CODE_MESSAGES)]);
  for (const locale of LOCALES) {
    it(`finds every message key in ${locale}`, () => {
      const missing = [...keys].filter((key) => !messageAt(locale, key)?.trim());
      expect(missing).toEqual([]);
    });
  }
});
