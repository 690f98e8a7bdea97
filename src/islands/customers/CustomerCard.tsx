// One customer in the agent's list: business name, contact, code, VAT and city when known, when
// the agent last served it and its open cart (issue 16), and the button that makes it the
// customer the shop is shown for.
import type { T } from '../../lib/i18n/client-messages';
import { formatDay, formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import type { CustomerRow } from '../../lib/stores/customers';
import { customerName } from '../../lib/stores/session';

interface Props {
  customer: CustomerRow;
  chosen: boolean;
  onChoose: (customer: CustomerRow) => void;
  t: T;
  locale: Locale;
}

export default function CustomerCard({ customer, chosen, onChoose, t, locale }: Props) {
  const name = customerName(customer);
  const contact = `${customer.first_name} ${customer.last_name}`.trim();
  const headingId = `customer-${customer.id}-name`;
  return (
    <li
      className={`flex flex-col gap-3 border-2 p-4 ${chosen ? 'border-primary bg-surface' : 'border-line bg-canvas'}`}
      aria-labelledby={headingId}
      data-customer-code={customer.code}
      data-chosen={chosen ? '' : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="m-0 text-lg font-bold text-secondary">{name}</h2>
        {chosen && <span className="bg-primary px-2 py-0.5 text-xs font-semibold text-inverse">{t('agent.customers.current')}</span>}
      </div>
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {customer.business_name && contact && (
          <>
            <dt className="text-muted">{t('agent.customers.contact')}</dt>
            <dd className="m-0">{contact}</dd>
          </>
        )}
        <dt className="text-muted">{t('agent.customers.code')}</dt>
        <dd className="m-0 font-mono">{customer.code}</dd>
        {customer.city && (
          <>
            <dt className="text-muted">{t('agent.customers.city')}</dt>
            <dd className="m-0">{customer.city}</dd>
          </>
        )}
        {customer.vat_number && (
          <>
            <dt className="text-muted">{t('agent.customers.vat')}</dt>
            <dd className="m-0">{customer.vat_number}</dd>
          </>
        )}
      </dl>
      <p className="m-0 text-sm" data-customer-cart={customer.open_cart_rows > 0 ? customer.open_cart_total.toFixed(2) : '0'}>
        {customer.open_cart_rows > 0 ? (
          <strong>{t('agent.customers.cartTotal', { amount: formatEuro(customer.open_cart_total, locale) })}</strong>
        ) : (
          <span className="text-muted">{t('agent.customers.noCart')}</span>
        )}
        {customer.last_served_at && <span className="block text-muted">{t('agent.customers.lastServed', { date: formatDay(customer.last_served_at, locale) })}</span>}
      </p>
      <div className="mt-auto">
        {chosen ? (
          <button type="button" className="btn-outline w-full" disabled aria-label={`${t('agent.customers.chosen')}: ${name}`}>
            {t('agent.customers.chosen')}
          </button>
        ) : (
          <button type="button" className="btn-primary w-full" aria-label={t('agent.customers.chooseNamed', { name })} onClick={() => onChoose(customer)}>
            {t('agent.customers.choose')}
          </button>
        )}
      </div>
    </li>
  );
}
