// The cart's coupon: a code field, or the applied coupon with what it takes off and a button to
// remove it. Messages for refused codes come as toasts from the coupon store.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { T } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { $coupon, $couponLoading, applyCoupon, removeCoupon } from '../../lib/stores/coupon';

export default function CouponForm({ t, locale }: { t: T; locale: Locale }) {
  const coupon = useStore($coupon);
  const loading = useStore($couponLoading);
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setEmpty(true);
    setEmpty(false);
    if (await applyCoupon(code)) setCode('');
  };

  if (coupon.code) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 border border-success bg-success-soft px-3 py-2" data-coupon-applied={coupon.code}>
        <p className="m-0">
          {t('shop.coupon.applied', { code: coupon.code })}
          {coupon.discount !== null && <> · <span data-coupon-discount>−{formatEuro(coupon.discount, locale)}</span></>}
        </p>
        <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => void removeCoupon()} disabled={loading} data-coupon-remove>
          {t('shop.coupon.remove')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1" data-coupon-form>
      <label htmlFor="coupon-code" className="font-semibold">{t('shop.coupon.label')}</label>
      <div className="flex gap-2">
        <input
          id="coupon-code"
          name="coupon"
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setEmpty(false);
          }}
          maxLength={64}
          autoComplete="off"
          aria-invalid={empty ? true : undefined}
          aria-describedby={empty ? 'coupon-code-error' : undefined}
          className={`min-w-0 flex-1 border-2 bg-canvas px-3 py-2 text-base uppercase focus-ring ${empty ? 'border-error' : 'border-secondary'}`}
        />
        <button type="submit" className="btn-secondary" disabled={loading}>{loading ? t('shop.coupon.applying') : t('shop.coupon.apply')}</button>
      </div>
      {empty && <p id="coupon-code-error" className="m-0 text-sm font-semibold text-error">{t('validation.required')}</p>}
    </form>
  );
}
