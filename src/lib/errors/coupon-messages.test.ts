// Coupon refusals say why (issue 14): each reason has its own code and message in three
// languages, and the minimum is said as money in the page's language.
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../api/result';
import type { FailureCode } from '../contract/error-codes';
import { createT } from '../i18n/client-messages';
import { formatEuro } from '../i18n/format';
import { islandMessages } from '../i18n/island-messages';
import { LOCALES } from '../i18n/locales';
import { failureMessageKey, failureMessageVars } from './api-messages';

const refusal = (code: FailureCode, term: string, amount?: number): ApiFailure => ({
  status: 400,
  code,
  detail: 'The coupon is not valid.',
  errorList: [{ field: 'coupon', code: term, message: '', ...(amount === undefined ? {} : { amount }) }],
});

describe('coupon refusal messages', () => {
  const reasons = [
    refusal('CouponUnknown', 'not_found'),
    refusal('CouponExpired', 'expired'),
    refusal('CouponNotForCustomer', 'wrong_customer'),
    refusal('CouponMinimumNotReached', 'min_amount', 150),
  ];

  it('gives each reason its own message, in every language', () => {
    for (const locale of LOCALES) {
      const t = createT(islandMessages(locale, ['errors']), locale);
      const texts = reasons.map((r) => t(failureMessageKey('coupon', r), failureMessageVars(r, (n) => formatEuro(n, locale))));
      expect(new Set(texts).size, locale).toBe(reasons.length);
      for (const text of texts) expect(text, locale).not.toMatch(/errors\.|\{\{/);
    }
  });

  it('says the minimum with Intl money', () => {
    const r = reasons[3]!;
    expect(failureMessageKey('coupon', r)).toBe('errors.couponMinimum');
    const it = createT(islandMessages('it', ['errors']), 'it');
    expect(it(failureMessageKey('coupon', r), failureMessageVars(r, (n) => formatEuro(n, 'it')))).toContain(formatEuro(150, 'it'));
    const en = createT(islandMessages('en', ['errors']), 'en');
    expect(en(failureMessageKey('coupon', r), failureMessageVars(r, (n) => formatEuro(n, 'en')))).toContain('€150.00');
  });

  it('knows the reason by code alone, when the API names no term', () => {
    expect(failureMessageKey('coupon', { status: 400, code: 'CouponExpired', detail: '', errorList: [] })).toBe('errors.couponExpired');
    expect(failureMessageKey('checkout', { status: 400, code: 'CouponUnknown', detail: '', errorList: [] })).toBe('errors.couponUnknown');
  });
});
