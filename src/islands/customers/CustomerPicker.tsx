// /customers: the agent's welcome page. It lists the agent's customers (searchable, paged),
// marks the chosen one and, once a customer is chosen, offers to continue where the agent was
// going (?next=) or to the catalogue. An agent sent here on the way to a page (after signing in,
// or from a page that needs a customer) goes straight on once the customer is chosen, as any
// other user goes to ?next= after signing in; with seasons on it stays to choose the season.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import type { Locale } from '../../lib/i18n/locales';
import { nextAfterChoosingCustomer, safeNext } from '../../lib/route-guard';
import { $customerList, goToCustomerPage, loadCustomers, searchCustomers, searchCustomersNow, type CustomerRow } from '../../lib/stores/customers';
import { $seasons, $seasonsEnabled, loadSeasons, seasonLabel } from '../../lib/stores/seasons';
import { $session, chooseCustomer, chooseSeason, customerName } from '../../lib/stores/session';
import CustomerCard from './CustomerCard';

interface Props {
  locale: Locale;
  messages: MessageTree;
}

const continueTarget = () => safeNext(new URLSearchParams(location.search).get('next'), '/p');

export default function CustomerPicker({ locale, messages }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const session = useStore($session);
  const list = useStore($customerList);
  const seasonsOn = useStore($seasonsEnabled);
  const seasons = useStore($seasons);
  const [justChosen, setJustChosen] = useState(false);
  // The session lives in the browser: the server's HTML shows no user, and so does the first
  // client render, so hydration matches; the session appears right after.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const continueRef = useRef<HTMLDivElement>(null);
  const isAgent = session.reason === 'valid' && session.user?.is_agent === true;

  useEffect(() => {
    if (!isAgent) return;
    void loadCustomers();
    void loadSeasons(locale);
  }, [isAgent, locale]);

  useEffect(() => {
    if (justChosen) continueRef.current?.focus();
  }, [justChosen, session.customer?.id]);

  const choose = (customer: CustomerRow) => {
    chooseCustomer({ id: customer.id, name: customerName(customer), kind: customer.kind });
    const onTheWay = nextAfterChoosingCustomer(new URLSearchParams(location.search).get('next'));
    if (!seasonsOn && onTheWay) {
      location.assign(onTheWay);
      return;
    }
    setJustChosen(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void searchCustomersNow();
  };

  const firstName = hydrated ? session.user?.first_name?.trim() : undefined;
  const chosen = hydrated ? session.customer : null;
  const status = list.loading
    ? t('agent.customers.loading')
    : list.error || list.initial
      ? ''
      : list.count === 0
        ? list.shownQuery
          ? t('agent.customers.noMatch', { query: list.shownQuery })
          : t('agent.customers.empty')
        : t('agent.customers.results', { count: list.count });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="m-0 text-xl font-semibold text-secondary" data-agent-welcome>
          {firstName ? t('agent.customers.welcome', { name: firstName }) : t('agent.customers.welcomeAnonymous')}
        </p>
        <p className="m-0 mt-2 max-w-prose text-muted">{t('agent.customers.intro')}</p>
      </div>

      {chosen && (
        <div
          ref={continueRef}
          tabIndex={-1}
          className="flex flex-col gap-3 border-l-6 border-success bg-surface p-4 focus:outline-none sm:flex-row sm:items-center sm:justify-between"
          data-customer-continue
        >
          <p className="m-0" role="status">
            {t('agent.customers.nowActingFor', { name: chosen.name })}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {seasonsOn && (
              <label className="flex items-center gap-2">
                <span>{t('agent.season')}</span>
                <select
                  className="border-2 border-secondary bg-canvas px-2 py-1.5 focus-ring"
                  value={session.season ? String(session.season) : ''}
                  onChange={(event) => chooseSeason(Number(event.currentTarget.value) || null)}
                >
                  <option value="">{t('agent.noSeason')}</option>
                  {seasons.map((season) => (
                    <option key={season.id} value={season.id}>{seasonLabel(season)}</option>
                  ))}
                </select>
              </label>
            )}
            <a className="btn-primary no-underline" href={continueTarget()} aria-label={t('agent.customers.continueFor', { name: chosen.name })}>
              {t('agent.customers.continue')}
            </a>
          </div>
        </div>
      )}

      <form role="search" aria-label={t('agent.customers.search')} className="flex max-w-xl flex-col gap-1" onSubmit={onSubmit}>
        <label htmlFor="customer-search" className="font-semibold">{t('agent.customers.search')}</label>
        <div className="flex">
          <input
            id="customer-search"
            type="search"
            className="min-w-0 flex-1 border-2 border-secondary px-3 py-2 focus-ring"
            placeholder={t('agent.customers.searchHint')}
            value={list.query}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => searchCustomers(event.currentTarget.value)}
          />
          <button type="submit" className="btn-secondary">{t('frame.search')}</button>
        </div>
      </form>

      <div className="flex flex-wrap gap-x-3">
        <p className="m-0 min-h-6 text-sm text-muted" role="status" aria-live="polite" data-customers-status>{status}</p>
        {/* Issue 16: the API lists the customers this agent served last first. */}
        {!list.loading && !list.error && list.count > 1 && <p className="m-0 text-sm text-muted" data-customers-order>{t('agent.customers.recent')}</p>}
      </div>

      {list.error && (
        <div role="alert" className="flex flex-wrap items-center gap-3 border-l-6 border-error bg-surface p-4">
          <p className="m-0">{t('errors.customersLoadFailed')}</p>
          <button type="button" className="btn-outline" onClick={() => void loadCustomers()}>{t('agent.customers.retry')}</button>
        </div>
      )}

      {list.customers.length > 0 && (
        <ul
          aria-label={t('agent.customers.list')}
          aria-busy={list.loading}
          className={`m-0 grid list-none grid-cols-1 gap-4 p-0 sm:grid-cols-2 lg:grid-cols-3 ${list.loading ? 'opacity-60' : ''}`}
        >
          {list.customers.map((customer) => (
            <CustomerCard key={customer.id} customer={customer} chosen={chosen?.id === customer.id} onChoose={choose} t={t} locale={locale} />
          ))}
        </ul>
      )}

      {list.pageCount > 1 && (
        <nav aria-label={t('agent.customers.pages')} className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn-outline" disabled={list.page <= 1 || list.loading} onClick={() => void goToCustomerPage(list.page - 1)}>
            {t('agent.customers.previous')}
          </button>
          <span>{t('agent.customers.pageOf', { page: list.page, pages: list.pageCount })}</span>
          <button type="button" className="btn-outline" disabled={list.page >= list.pageCount || list.loading} onClick={() => void goToCustomerPage(list.page + 1)}>
            {t('agent.customers.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
