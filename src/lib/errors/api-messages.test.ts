import { describe, expect, it } from 'vitest';
import { createT } from '../i18n/client-messages';
import { islandMessages } from '../i18n/island-messages';
import { failureMessageKey, fieldErrors } from './api-messages';

const failure = (status: number, detail = '', errorList: { field: string | null; code: string; message: string }[] = []) => ({ status, detail, errorList });
const en = createT(islandMessages('en', ['errors']), 'en');

describe('failureMessageKey (spec section 8)', () => {
  it('reads login and password answers by status', () => {
    expect(en(failureMessageKey('login', failure(401)))).toBe('Invalid login credentials');
    expect(en(failureMessageKey('login', failure(500)))).toBe('Unknown server error');
    expect(en(failureMessageKey('logout', failure(401)))).toBe('not authenticated');
    expect(failureMessageKey('otpChange', failure(401))).toBe('errors.invalidOtp');
    expect(failureMessageKey('otpChange', failure(400))).toBe('errors.invalidPassword');
    expect(failureMessageKey('otpChange', failure(404))).toBe('errors.userNotFound');
    expect(failureMessageKey('passwordReset', failure(404))).toBe('errors.userNotFound');
  });

  it('reads cart row errors by the code in the detail', () => {
    expect(en(failureMessageKey('cartRow', failure(400, 'quantity_not_available')))).toBe('The quantity is not available');
    expect(en(failureMessageKey('cartRow', failure(400, 'negative_quantity')))).toBe('The quantity must be a positive number');
    expect(en(failureMessageKey('cartRow', failure(500, 'boom')))).toBe('An error occurred while trying to update the cart');
  });

  it('tells an invalid coupon from a failed call', () => {
    expect(en(failureMessageKey('coupon', failure(400, 'The coupon is not valid.')))).toBe('The coupon is not valid.');
    expect(en(failureMessageKey('coupon', failure(503)))).toBe('An error occurred while applying the coupon.');
  });

  it('says which coupon term failed, in each language, at apply and at checkout (ADR 0015)', () => {
    const term = (code: string) => failure(400, 'The coupon is not valid.', [{ field: 'coupon', code, message: '' }]);
    const it_ = createT(islandMessages('it', ['errors']), 'it');
    const es = createT(islandMessages('es', ['errors']), 'es');
    expect(en(failureMessageKey('coupon', term('not_first_order')))).toBe('This coupon is for your first order only.');
    expect(it_(failureMessageKey('coupon', term('not_first_order')))).toBe('Questo coupon vale solo sul primo ordine.');
    expect(es(failureMessageKey('checkout', term('already_used')))).toBe('Ya has usado este cupón: solo puede usarse una vez por cliente.');
    for (const code of ['not_found', 'not_first_order', 'already_used', 'min_amount', 'expired', 'not_yet_valid', 'wrong_customer_kind']) {
      for (const t of [en, it_, es]) expect(t(failureMessageKey('coupon', term(code)))).not.toMatch(/couponTerms/);
    }
    // A refusal without a published term keeps the spec's message.
    expect(en(failureMessageKey('coupon', term('used_up')))).toBe('The coupon is not valid.');
  });

  it('names the wishlist duplicate and unreachable server', () => {
    expect(en(failureMessageKey('wishlistAdd', failure(400, 'Product already in the wishlist')))).toBe('Product already in the wishlist');
    expect(failureMessageKey('orders', failure(0, 'Failed to fetch'))).toBe('errors.network');
    expect(failureMessageKey('checkout', failure(429))).toBe('errors.tooManyAttempts');
  });

  it('names a quantity or an order total past the limits (ADR 0012) in every language', () => {
    const tooMuch = failure(400, 'Some fields are not valid.', [{ field: 'qty', code: 'max_value', message: 'qty must be at most 99999.' }]);
    expect(en(failureMessageKey('cartRow', tooMuch))).toBe('The quantity is too large.');
    const total = failure(400, 'The order total is too large. Lower the quantities.', [{ field: 'cart', code: 'total_too_large', message: '' }]);
    expect(en(failureMessageKey('checkout', total))).toBe('The order total is too high: lower the quantities.');
    for (const locale of ['it', 'en', 'es'] as const) {
      const t = createT(islandMessages(locale, ['errors']), locale);
      for (const key of ['errors.limits.orderTooLarge', 'errors.limits.quantityTooLargeShort', 'errors.limits.invalidCharacters']) expect(t(key)).not.toBe(key);
      expect(t('errors.limits.quantityTooLarge', { count: 99_999 })).toContain('99999');
    }
  });

  it('collects the first error of each field', () => {
    expect(fieldErrors(failure(400, 'x', [
      { field: 'city', code: 'required', message: 'City is required.' },
      { field: 'city', code: 'max', message: 'City is too long.' },
      { field: null, code: 'x', message: 'General' },
    ]))).toEqual({ city: { code: 'required', message: 'City is required.' } });
  });
});
