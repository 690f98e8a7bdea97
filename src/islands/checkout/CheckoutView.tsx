// The checkout page: billing information, shipping address (or a new one), shipping method for
// that address, payment method, free-shipping code, notes, the order review and confirmation.
// Everything it offers comes from checkout/init/; the checkout store holds choices and calls.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createT, type MessageTree, type T } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { exceedsOrderAmount, type CheckoutRequiredField } from '../../lib/rules/checkout';
import { $cart, initCart } from '../../lib/stores/cart';
import {
  $checkout, applyFreeShippingCode, checkoutTotals, checkoutVatTreatment, chooseBillingAddress, choosePaymentMethod, chooseShippingAddress, chooseShippingMethod,
  loadCheckout, placeOrder, setCheckoutNotes, startCheckout,
} from '../../lib/stores/checkout';
import AddressForm from './AddressForm';
import OrderReview from './OrderReview';
import { addressLine } from '../../lib/address-line';

interface Props {
  locale: Locale;
  messages: MessageTree;
  /** The contact page in this language ("contact us" when nothing can be offered). */
  contactsPath: string;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 border border-line p-4" data-checkout-section={id}>
      <h2 id={`${id}-title`} className="m-0 text-xl font-bold text-secondary">{title}</h2>
      {children}
    </section>
  );
}

interface Choice {
  id: number;
  label: ReactNode;
  detail?: ReactNode;
}

function Choices({ name, legend, choices, value, onChoose, missing, t }: {
  name: string;
  legend: string;
  choices: Choice[];
  value: number | null;
  onChoose: (id: number) => void;
  missing: boolean;
  t: T;
}) {
  return (
    <fieldset className="m-0 border-0 p-0" aria-describedby={missing ? `${name}-missing` : undefined} data-choices={name} data-missing={missing || undefined}>
      <legend className="sr-only">{legend}</legend>
      <div className="flex flex-col gap-2">
        {choices.map((c) => (
          <label key={c.id} className={`flex cursor-pointer items-start gap-3 border-2 p-3 ${value === c.id ? 'border-secondary bg-surface' : 'border-line'}`}>
            <input
              type="radio" name={name} value={c.id} checked={value === c.id} onChange={() => onChoose(c.id)} className="mt-1 h-4 w-4 shrink-0 accent-primary focus-ring"
              aria-invalid={missing || undefined} aria-describedby={missing ? `${name}-missing` : undefined}
            />
            <span className="flex flex-col">
              <span className="font-semibold">{c.label}</span>
              {c.detail && <span className="text-sm text-muted">{c.detail}</span>}
            </span>
          </label>
        ))}
      </div>
      {missing && <p id={`${name}-missing`} className="m-0 mt-2 text-sm font-semibold text-error">{t(`shop.checkout.missing.${name}`)}</p>}
    </fieldset>
  );
}

/** The first control of a missing choice: its first option, else what stands in for it. */
function focusMissing(field: CheckoutRequiredField): void {
  const target =
    document.querySelector<HTMLElement>(`[data-choices="${field}"] input:not([disabled])`) ??
    document.querySelector<HTMLElement>(`[data-missing-target="${field}"]`);
  target?.focus();
}

export default function CheckoutView({ locale, messages, contactsPath }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const cart = useStore($cart);
  const state = useStore($checkout);
  const [hydrated, setHydrated] = useState(false);
  const [addingAddress, setAddingAddress] = useState(false);
  const [code, setCode] = useState('');
  const errorRef = useRef<HTMLDivElement>(null);
  const cartId = cart.header?.id ?? null;

  useEffect(() => {
    setHydrated(true);
    // checkout/init/ for the open cart at once, beside the cart's own calls (header counts):
    // usable after one round trip (issue 14, item 18).
    if (state.status === 'idle') void startCheckout();
    initCart();
  }, []);

  useEffect(() => {
    // The cart changed under the page (another customer chosen, another tab): ask again for it.
    if (!cart.ready || state.status === 'idle' || state.status === 'loading' || state.status === 'placing' || state.status === 'placed') return;
    if (cartId && cart.rows.length > 0 && state.cart !== cartId) void loadCheckout(cartId);
  }, [cartId, cart.rows.length, cart.ready]);

  useEffect(() => {
    if (state.error) errorRef.current?.focus();
  }, [state.error]);

  const euro = (n: number) => formatEuro(n, locale);
  if (!hydrated || state.status === 'idle' || (state.status === 'loading' && !state.data)) {
    return <p role="status" className="m-0 py-8 text-muted" data-checkout-state="loading">{t('shop.checkout.loading')}</p>;
  }
  if (state.status === 'empty') {
    return (
      <div className="py-8" data-checkout-state="empty">
        <p className="m-0 text-lg">{t('shop.checkout.emptyCart')}</p>
        <p className="mt-4 mb-0"><a href="/p" className="btn-primary">{t('shop.cart.browse')}</a></p>
      </div>
    );
  }
  const data = state.data;
  if (!data) {
    return (
      <div className="border-l-4 border-error bg-error-soft p-4" data-checkout-state={state.status}>
        {state.status === 'failed' ? (
          <>
            <p className="m-0 font-semibold">{t(state.error ?? 'errors.checkoutFailed')}</p>
            <button type="button" className="btn-outline mt-3" onClick={() => void loadCheckout(state.cart ?? cartId)}>{t('shop.retry')}</button>
          </>
        ) : (
          <p role="status" className="m-0">{t('shop.checkout.loading')}</p>
        )}
      </div>
    );
  }

  const totals = checkoutTotals(state)!;
  const missing = (f: CheckoutRequiredField) => state.missing.includes(f);
  const busy = state.status === 'loading' || state.status === 'placing' || state.status === 'placed';
  const customerName = data.customer.business_name || `${data.customer.first_name} ${data.customer.last_name}`.trim();
  // The API would refuse it (ADR 0012): say so before the shopper presses the button.
  const tooLarge = exceedsOrderAmount(totals, data.rows.map((r) => r.total));
  const problemRows = data.problems
    .map((p) => data.rows.find((r) => p.field === (r.variant ? `variant.${r.variant}` : `product.${r.product}`)))
    .filter((r) => r !== undefined);

  const confirm = async () => {
    const order = await placeOrder();
    if (order) {
      location.assign(`/cart/order-complete?order=${order.id}`);
      return;
    }
    // A missing choice: the focus goes to the first one, where its message is read out with it.
    const { missing: left, error } = $checkout.get();
    if (left.length > 0 && !error) requestAnimationFrame(() => focusMissing(left[0]!));
  };
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    void applyFreeShippingCode(code);
  };

  return (
    <div className="grid gap-8 md:grid-cols-[1fr_24rem]" data-checkout-state={state.status} aria-busy={state.status === 'loading' || undefined}>
      <div className="flex flex-col gap-6">
        {state.error && (
          <div ref={errorRef} tabIndex={-1} role="alert" className="border-l-4 border-error bg-error-soft p-4 focus-ring" data-checkout-error={state.error}>
            <p className="m-0 font-semibold">{t(state.error)}</p>
          </div>
        )}
        {tooLarge && (
          <div role="alert" className="border-l-4 border-error bg-error-soft p-4" data-checkout-too-large>
            <p className="m-0 font-semibold">{t('errors.limits.orderTooLarge')}</p>
            <p className="mb-0 mt-2"><a href="/cart" className="link">{t('shop.checkout.backToCart')}</a></p>
          </div>
        )}
        {problemRows.length > 0 && (
          <div className="border-l-4 border-warning bg-warning-soft p-4" data-checkout-problems>
            <p className="m-0 font-semibold">{t('errors.quantityNotAvailable')}</p>
            <ul className="mb-0 mt-2">
              {problemRows.map((r) => <li key={r.id}>{t('shop.cart.stockWarningFor', { name: r.product_detail.name, count: Math.max(r.product_detail.quantity, 0) })}</li>)}
            </ul>
            <p className="mb-0 mt-2"><a href="/cart" className="link">{t('shop.checkout.backToCart')}</a></p>
          </div>
        )}

        <Section id="billing" title={t('shop.checkout.billing')}>
          <p className="m-0" data-customer-details>
            <span className="font-semibold">{customerName}</span>
            <br />
            <span className="text-muted">{data.customer.email}</span>
          </p>
          {data.billing_addresses.length === 0 ? (
            <p className="m-0 font-semibold text-error">{t('errors.checkoutMissingData')}</p>
          ) : (
            <Choices
              name="billing_address" legend={t('shop.checkout.billingAddress')} t={t} missing={missing('billing_address')}
              value={state.billingAddress} onChoose={chooseBillingAddress}
              choices={data.billing_addresses.map((a) => ({ id: a.id, label: a.company || a.name, detail: addressLine(a, locale, a.company || a.name) }))}
            />
          )}
        </Section>

        <Section id="shipping-address" title={t('shop.checkout.shippingAddress')}>
          {data.shipping_addresses.length > 0 && (
            <Choices
              name="shipping_address" legend={t('shop.checkout.shippingAddress')} t={t} missing={missing('shipping_address')}
              value={state.shippingAddress} onChoose={(id) => void chooseShippingAddress(id)}
              choices={data.shipping_addresses.map((a) => ({ id: a.id, label: a.company || a.name, detail: addressLine(a, locale, a.company || a.name) }))}
            />
          )}
          {data.shipping_addresses.length === 0 && missing('shipping_address') && (
            <p id="shipping_address-missing" className="m-0 text-sm font-semibold text-error">{t('shop.checkout.missing.shipping_address')}</p>
          )}
          {addingAddress ? (
            <AddressForm t={t} locale={locale} onDone={() => setAddingAddress(false)} />
          ) : (
            <p className="m-0">
              <button
                type="button" className="btn-outline" onClick={() => setAddingAddress(true)} data-add-address
                data-missing-target={data.shipping_addresses.length === 0 ? 'shipping_address' : undefined}
                aria-describedby={data.shipping_addresses.length === 0 && missing('shipping_address') ? 'shipping_address-missing' : undefined}
              >
                {t('shop.checkout.addAddress')}
              </button>
            </p>
          )}
        </Section>

        <Section id="shipping-method" title={t('shop.checkout.shippingMethod')}>
          {data.shipping_policies.length === 0 ? (
            <p className="m-0 font-semibold text-error focus-ring" tabIndex={-1} data-no-policies data-missing-target="shipping_method">{t('errors.noShippingPolicies')} <a href={contactsPath} className="link">{t('shop.contactUs')}</a></p>
          ) : (
            <Choices
              name="shipping_method" legend={t('shop.checkout.shippingMethod')} t={t} missing={missing('shipping_method')}
              value={state.shippingMethod} onChoose={chooseShippingMethod}
              choices={data.shipping_policies.map((p) => ({
                id: p.id,
                label: <>{p.name} · {p.price === 0 ? t('shop.free') : euro(p.price)}</>,
                detail: [p.description, t('shop.checkout.deliveryDays', { count: p.delivery_days })].filter(Boolean).join(' · '),
              }))}
            />
          )}
          <form onSubmit={onCode} noValidate className="flex flex-col gap-1" data-free-shipping-form>
            <label htmlFor="free-shipping-code" className="font-semibold">{t('shop.checkout.freeShippingCode')} <span className="font-normal text-muted">({t('shop.optional')})</span></label>
            <div className="flex gap-2">
              <input id="free-shipping-code" value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={64} autoComplete="off" className="min-w-0 flex-1 border-2 border-secondary bg-canvas px-3 py-2 text-base uppercase focus-ring" />
              <button type="submit" className="btn-outline" disabled={busy}>{t('shop.coupon.apply')}</button>
            </div>
            {state.freeShippingCode && <p className="m-0 text-sm text-muted">{t('shop.checkout.codeSent', { code: state.freeShippingCode })}</p>}
          </form>
        </Section>

        <Section id="payment" title={t('shop.checkout.paymentMethod')}>
          {data.payment_methods.length === 0 ? (
            <p className="m-0 font-semibold text-error focus-ring" tabIndex={-1} data-no-payment data-missing-target="payment_method">{t('errors.noPaymentMethods')} <a href={contactsPath} className="link">{t('shop.contactUs')}</a></p>
          ) : (
            <Choices
              name="payment_method" legend={t('shop.checkout.paymentMethod')} t={t} missing={missing('payment_method')}
              value={state.paymentMethod} onChoose={choosePaymentMethod}
              choices={data.payment_methods.map((m) => ({ id: m.id, label: m.name, detail: [m.description, m.payment_terms].filter(Boolean).join(' · ') || undefined }))}
            />
          )}
        </Section>

        <Section id="notes" title={t('shop.checkout.notes')}>
          <label htmlFor="checkout-notes" className="sr-only">{t('shop.checkout.notes')}</label>
          <textarea id="checkout-notes" rows={4} maxLength={2000} value={state.notes} onChange={(e) => setCheckoutNotes(e.currentTarget.value)} aria-describedby="checkout-notes-hint" className="block w-full border-2 border-secondary bg-canvas px-3 py-2 text-base focus-ring" />
          <p id="checkout-notes-hint" className="m-0 text-sm text-muted">{t('shop.checkout.notesHint')}</p>
        </Section>
      </div>

      <aside aria-labelledby="review-title" className="flex flex-col gap-4 self-start border border-line bg-surface p-4">
        <h2 id="review-title" className="m-0 text-xl font-bold text-secondary">{t('shop.checkout.review')}</h2>
        <OrderReview
          t={t} locale={locale} rows={data.rows} totals={totals} promotionName={data.cart.promotion?.name ?? null}
          couponCode={data.cart.coupon?.code ?? null} shippingChosen={state.shippingMethod !== null}
          reverseCharge={checkoutVatTreatment(state) === 'reverse_charge'}
        />
        <button type="button" className="btn-primary" onClick={() => void confirm()} disabled={busy || tooLarge} data-place-order>
          {state.status === 'placing' || state.status === 'placed' ? t('shop.checkout.placing') : t('shop.checkout.confirm')}
        </button>
        <p className="m-0 text-sm text-muted">{t('shop.checkout.processing')}</p>
        <a href="/cart" className="link text-center">{t('shop.checkout.backToCart')}</a>
      </aside>
    </div>
  );
}
