// A new shipping address typed at checkout: checked before sending, created with POST
// addresses/, then chosen for the order (the checkout store asks for its shipping methods).
import { useRef, useState, type FormEvent } from 'react';
import CountryOptions from '../CountryOptions';
import type { T } from '../../lib/i18n/client-messages';
import type { Locale } from '../../lib/i18n/locales';
import { createShippingAddress, type AddressErrors, type AddressField, type AddressInput } from '../../lib/stores/checkout';

const FIELDS: { field: AddressField; required: boolean; autoComplete: string; maxLength: number }[] = [
  { field: 'name', required: true, autoComplete: 'name', maxLength: 120 },
  { field: 'company', required: false, autoComplete: 'organization', maxLength: 120 },
  { field: 'street', required: true, autoComplete: 'street-address', maxLength: 200 },
  { field: 'postal_code', required: true, autoComplete: 'postal-code', maxLength: 12 },
  { field: 'city', required: true, autoComplete: 'address-level2', maxLength: 100 },
  { field: 'province', required: false, autoComplete: 'address-level1', maxLength: 60 },
  { field: 'country', required: true, autoComplete: 'country', maxLength: 2 },
  { field: 'phone', required: false, autoComplete: 'tel', maxLength: 30 },
];

interface Props {
  t: T;
  locale: Locale;
  onDone: () => void;
}

export default function AddressForm({ t, locale, onDone }: Props) {
  const [errors, setErrors] = useState<AddressErrors>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (f: AddressField) => String(data.get(f) ?? '');
    const input: AddressInput = {
      name: text('name'), company: text('company'), street: text('street'), postal_code: text('postal_code'),
      city: text('city'), province: text('province'), country: text('country'), phone: text('phone'),
    };
    setSending(true);
    const result = await createShippingAddress(input);
    setSending(false);
    if (result === null) return onDone();
    setErrors(result);
    const first = FIELDS.find((f) => result[f.field]);
    if (first) formRef.current?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${first.field}"]`)?.focus();
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-4 border border-line p-4" data-address-form aria-labelledby="new-address-title">
      <h3 id="new-address-title" className="m-0 text-lg font-semibold">{t('shop.checkout.newAddress')}</h3>
      <div className="grid gap-4 md:grid-cols-2">
        {FIELDS.map(({ field, required, autoComplete, maxLength }) => {
          const id = `new-address-${field}`;
          const error = errors[field];
          return (
            <div key={field}>
              <label htmlFor={id} className="block font-semibold">
                {t(`shop.address.${field}`)}
                {required ? <span aria-hidden="true" className="text-primary-strong"> *</span> : <span className="font-normal text-muted"> ({t('shop.optional')})</span>}
              </label>
              {field === 'country' ? (
                <select
                  id={id}
                  name={field}
                  required
                  autoComplete={autoComplete}
                  defaultValue="IT"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={() => error && setErrors({ ...errors, [field]: undefined })}
                  className={`mt-1 block w-full border-2 bg-canvas px-3 py-2 text-base focus-ring ${error ? 'border-error' : 'border-secondary'}`}
                >
                  <CountryOptions locale={locale} shopLabel={t('shop.address.countriesShop')} otherLabel={t('shop.address.countriesOther')} />
                </select>
              ) : (
                <input
                  id={id}
                  name={field}
                  required={required}
                  autoComplete={autoComplete}
                  maxLength={maxLength}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onInput={() => error && setErrors({ ...errors, [field]: undefined })}
                  className={`mt-1 block w-full border-2 bg-canvas px-3 py-2 text-base focus-ring ${error ? 'border-error' : 'border-secondary'}`}
                />
              )}
              {error && <p id={`${id}-error`} className="m-0 mt-1 text-sm font-semibold text-error">{t(error)}</p>}
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-secondary" disabled={sending}>{sending ? t('shop.checkout.savingAddress') : t('shop.checkout.saveAddress')}</button>
        <button type="button" className="btn-outline" onClick={onDone}>{t('shop.cancel')}</button>
      </div>
    </form>
  );
}
