// Small pieces every account island shares: the translator hook, loading / error / empty
// states and page buttons. Loading and error are live regions so screen readers hear them.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createT, type MessageTree, type T } from '../../lib/i18n/client-messages';
import type { Locale } from '../../lib/i18n/locales';
import { paginationItems } from '../../lib/listing/pagination';
import { $session, $signedIn } from '../../lib/stores/session';

export interface AccountIslandProps {
  locale: Locale;
  messages: MessageTree;
}

export const useT = (messages: MessageTree, locale: Locale): T => useMemo(() => createT(messages, locale), [messages, locale]);

/**
 * True once the island runs in the browser with a signed-in customer; the route guard sends
 * everybody else away, so there is nothing to fetch before that.
 */
export function useAccountReady(): boolean {
  const signedIn = useStore($signedIn);
  const session = useStore($session);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && signedIn && session.customer !== null;
}

export function Loading({ t, label }: { t: T; label?: string }) {
  return (
    <p role="status" className="m-0 flex items-center gap-3 py-6 text-muted" data-account-loading="">
      <span aria-hidden="true" className="inline-block h-4 w-4 animate-spin border-2 border-line border-t-secondary" />
      {label ?? t('account.loading')}
    </p>
  );
}

export function ErrorBox({ t, message, onRetry }: { t: T; message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="border-l-4 border-error bg-error-soft p-4" data-account-error="">
      <p className="m-0 font-semibold text-error">{t(message)}</p>
      {onRetry && (
        <button type="button" className="btn-outline mt-3" onClick={onRetry}>
          {t('account.retry')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="border-2 border-dashed border-line bg-surface p-8 text-center" data-account-empty="">
      <p className="m-0 text-lg font-semibold text-secondary">{title}</p>
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}

/** Numbered page buttons (the lists live in the island's state, not in the address). */
export function Pager({ t, page, pageCount, onPage, label }: { t: T; page: number; pageCount: number; onPage: (page: number) => void; label: string }) {
  if (pageCount <= 1) return null;
  const cls = 'inline-flex min-w-10 items-center justify-center border border-line bg-canvas px-3 py-1.5 text-secondary hover:bg-surface focus-ring cursor-pointer';
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3" data-account-pager="">
      <p className="m-0 text-sm text-muted">{t('account.pageOf', { page, pageCount })}</p>
      <ul className="m-0 flex list-none flex-wrap items-center gap-1 p-0">
        {page > 1 && (
          <li>
            <button type="button" className={cls} onClick={() => onPage(page - 1)}>{t('account.previous')}</button>
          </li>
        )}
        {paginationItems(page, pageCount).map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.after}`} aria-hidden="true" className="px-1 text-muted">…</li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                aria-label={t('account.pageLabel', { page: item.page })}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => onPage(item.page)}
                className={`${cls} ${item.page === page ? 'border-secondary bg-secondary font-bold text-inverse hover:bg-secondary' : ''}`}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <button type="button" className={cls} onClick={() => onPage(page + 1)}>{t('account.next')}</button>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** Message key of an order status ("Partially shipped" → account.status.partiallyShipped). */
export const statusKey = (status: string) =>
  `account.status.${status.replace(/ (\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toLowerCase())}`;

const STATUS_TONE: Record<string, string> = {
  Completed: 'bg-success-soft text-success-strong border-success-strong',
  Shipped: 'bg-success-soft text-success-strong border-success-strong',
  'Partially shipped': 'bg-success-soft text-success-strong border-success-strong',
  Failed: 'bg-error-soft text-error border-error',
  Cancelled: 'bg-error-soft text-error border-error',
};

export function StatusBadge({ t, status }: { t: T; status: string }) {
  return (
    <span className={`inline-block border px-2 py-0.5 text-sm font-semibold ${STATUS_TONE[status] ?? 'bg-surface text-secondary border-secondary'}`} data-order-status={status}>
      {t(statusKey(status))}
    </span>
  );
}
