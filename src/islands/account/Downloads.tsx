// Downloads (spec section 2): the shop's documents and the customer's own, grouped by category
// with a category filter. The customer's own files need the token, so they are fetched and
// saved by the store; public ones are plain links.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ShopDocument } from '../../lib/contract/catalogue-extras';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '../../lib/contract/constants';
import type { T } from '../../lib/i18n/client-messages';
import { formatDay, formatFileSize } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { $documents, downloadPrivateDocument, groupByCategory, isPrivateDocument, loadDocuments } from '../../lib/stores/account-documents';
import { $customer } from '../../lib/stores/session';
import { safeHref } from '../../lib/rules/safe-link';
import { EmptyState, ErrorBox, Loading, useAccountReady, useT, type AccountIslandProps } from './account-ui';

function DocumentItem({ doc, t, locale }: { doc: ShopDocument; t: T; locale: Locale }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const own = isPrivateDocument(doc);
  const label = t('account.downloads.downloadOf', { title: doc.title });
  const docHref = safeHref(doc.url);
  const download = async () => {
    setBusy(true);
    setError(null);
    setError(await downloadPrivateDocument(doc));
    setBusy(false);
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border border-line p-4" data-document-id={doc.id} data-document-private={own ? '' : undefined}>
      <div className="min-w-0 flex-1">
        <p className="m-0 font-bold">
          {doc.title}
          {own && <span className="ml-2 bg-secondary px-2 py-0.5 text-xs font-semibold text-inverse">{t('account.downloads.reserved')}</span>}
        </p>
        {doc.description && <p className="m-0 mt-1 text-sm">{doc.description}</p>}
        <p className="m-0 mt-1 text-sm text-muted">
          {doc.file_name} · {formatFileSize(doc.size_bytes, locale)} · {formatDay(doc.created_at, locale)}
        </p>
        {error && <p role="alert" className="m-0 mt-1 text-sm font-semibold text-error">{t(error)}</p>}
      </div>
      {own ? (
        <button type="button" className="btn-outline" disabled={busy} onClick={() => void download()} aria-label={label}>
          {busy ? t('account.order.downloading') : t('account.downloads.download')}
        </button>
      ) : docHref && (
        <a href={docHref} download={doc.file_name} className="btn-outline no-underline" aria-label={label}>
          {t('account.downloads.download')}
        </a>
      )}
    </li>
  );
}

export default function Downloads({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const customer = useStore($customer);
  const state = useStore($documents);
  const [category, setCategory] = useState<DocumentCategory | ''>('');

  useEffect(() => {
    if (ready) void loadDocuments();
  }, [ready, customer?.id]);

  if (!ready || (!state.ready && !state.error)) return <Loading t={t} />;
  if (state.error) return <ErrorBox t={t} message={state.error} onRetry={() => void loadDocuments()} />;
  if (state.results.length === 0) return <EmptyState title={t('account.downloads.empty')} />;

  const present = DOCUMENT_CATEGORIES.filter((c) => state.results.some((d) => d.category === c));
  const groups = groupByCategory(state.results.filter((d) => !category || d.category === category));
  return (
    <div className="flex flex-col gap-6" data-downloads="">
      <div>
        <label htmlFor="download-category" className="block font-semibold">{t('account.downloads.categoryFilter')}</label>
        <select
          id="download-category"
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value as DocumentCategory | '')}
          className="mt-1 border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
        >
          <option value="">{t('account.downloads.allCategories')}</option>
          {present.map((c) => <option key={c} value={c}>{t(`account.downloads.categories.${c}`)}</option>)}
        </select>
      </div>
      {groups.map(([group, docs]) => (
        <section key={group} aria-labelledby={`downloads-${group}`} data-download-category={group}>
          <h2 id={`downloads-${group}`} className="m-0 text-xl font-bold text-secondary">{t(`account.downloads.categories.${group}`)}</h2>
          <ul className="m-0 mt-3 flex list-none flex-col gap-2 p-0">
            {docs.map((doc) => <DocumentItem key={doc.id} doc={doc} t={t} locale={locale} />)}
          </ul>
        </section>
      ))}
    </div>
  );
}
