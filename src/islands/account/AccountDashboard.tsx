// The account's home: who is signed in and for which customer, the sections, the latest three
// orders, and signing out here or on every device.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { OrderSummary } from '../../lib/contract/orders';
import { formatDay, formatEuro } from '../../lib/i18n/format';
import { latestOrders } from '../../lib/stores/account-orders';
import { signOutAndLeave } from '../../lib/stores/sign-out';
import { $customer, $session } from '../../lib/stores/session';
import { ErrorBox, Loading, StatusBadge, useAccountReady, useT, type AccountIslandProps } from './account-ui';

const SECTIONS = [
  ['orders', '/account/orders'],
  ['wishlist', '/account/wishlist'],
  ['lists', '/account/lists'],
  ['purchased', '/account/purchased'],
  ['addresses', '/account/addresses'],
  ['downloads', '/account/downloads'],
  ['details', '/account/details'],
] as const;

type Latest = { state: 'loading' } | { state: 'ok'; orders: OrderSummary[] } | { state: 'error'; error: string };

export default function AccountDashboard({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const session = useStore($session);
  const customer = useStore($customer);
  const [latest, setLatest] = useState<Latest>({ state: 'loading' });
  const [leaving, setLeaving] = useState<'here' | 'everywhere' | null>(null);

  const load = () => {
    setLatest({ state: 'loading' });
    void latestOrders(3).then((r) => setLatest(r.ok ? { state: 'ok', orders: r.orders } : { state: 'error', error: r.error }));
  };
  useEffect(() => {
    if (ready) load();
  }, [ready, customer?.id]);

  if (!ready) return <Loading t={t} />;
  const user = session.user;
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : (session.username ?? '');

  const signOut = async (everywhere: boolean) => {
    setLeaving(everywhere ? 'everywhere' : 'here');
    // The token is gone whatever the answer; a failure is said on the home page.
    await signOutAndLeave({ everywhere });
  };

  return (
    <div className="flex flex-col gap-8" data-account-dashboard="">
      <section aria-labelledby="account-hello" className="border-t-4 border-primary bg-surface p-6">
        <h2 id="account-hello" className="m-0 text-2xl font-bold text-secondary">{t('account.dashboard.greeting', { name })}</h2>
        {customer && (
          <p className="mb-0 mt-2 text-lg" data-account-customer="">
            {t(user?.is_agent ? 'account.dashboard.actingFor' : 'account.dashboard.customer', { customer: customer.name })}
          </p>
        )}
        {user?.email && <p className="mb-0 mt-1 text-muted">{user.email}</p>}
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" disabled={leaving !== null} onClick={() => void signOut(false)}>
            {leaving === 'here' ? t('account.dashboard.signingOut') : t('account.dashboard.signOut')}
          </button>
          <button type="button" className="btn-outline" disabled={leaving !== null} onClick={() => void signOut(true)}>
            {leaving === 'everywhere' ? t('account.dashboard.signingOut') : t('account.dashboard.signOutEverywhere')}
          </button>
        </div>
      </section>

      <section aria-labelledby="account-sections">
        <h2 id="account-sections" className="m-0 text-xl font-bold text-secondary">{t('account.dashboard.sections')}</h2>
        <ul className="m-0 mt-4 grid list-none gap-4 p-0 sm:grid-cols-2 md:grid-cols-3">
          {SECTIONS.map(([section, href]) => (
            // Saved lists and previously bought: business customers only (issue 16).
            <li key={section} hidden={(section === 'lists' || section === 'purchased') && customer?.kind !== 'b2b'}>
              <a href={href} className="block h-full border-2 border-line p-4 no-underline text-ink hover:border-secondary focus-ring">
                <span className="block font-bold text-primary-strong underline underline-offset-2">{t(`account.nav.${section}`)}</span>
                <span className="mt-1 block text-sm text-muted">{t(`account.dashboard.hint.${section}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="account-latest">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="account-latest" className="m-0 text-xl font-bold text-secondary">{t('account.dashboard.latestOrders')}</h2>
          <a href="/account/orders" className="link">{t('account.dashboard.allOrders')}</a>
        </div>
        <div className="mt-4">
          {latest.state === 'loading' && <Loading t={t} />}
          {latest.state === 'error' && <ErrorBox t={t} message={latest.error} onRetry={load} />}
          {latest.state === 'ok' && latest.orders.length === 0 && <p className="m-0 text-muted">{t('account.dashboard.noOrders')}</p>}
          {latest.state === 'ok' && latest.orders.length > 0 && (
            <ul className="m-0 flex list-none flex-col gap-2 p-0" data-latest-orders="">
              {latest.orders.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 border border-line p-3">
                  <a href={`/account/orders/${order.id}`} className="link font-semibold">{t('account.orders.viewOrder', { number: order.number })}</a>
                  <span className="text-muted">{formatDay(order.create_date, locale)}</span>
                  <StatusBadge t={t} status={order.status} />
                  <span className="font-semibold">{formatEuro(order.total, locale)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
