// Saved lists (issue 16, /account/lists): the customer's lists, last changed first; create one,
// rename one in place, delete one after a confirmation (native <dialog>: the focus goes in and
// comes back), open one.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDay } from '../../lib/i18n/format';
import { $customer } from '../../lib/stores/session';
import { $savedLists, createSavedList, deleteSavedList, loadSavedLists, renameSavedList, type SavedList } from '../../lib/stores/saved-lists';
import { showToast } from '../../lib/stores/toasts';
import { EmptyState, ErrorBox, Loading, useAccountReady, useT, type AccountIslandProps } from '../account/account-ui';
import type { T } from '../../lib/i18n/client-messages';
import type { Locale } from '../../lib/i18n/locales';
import BusinessOnly, { useTradeCustomer } from './BusinessOnly';
import { ConfirmDialog } from '../ConfirmDialog';

function RenameForm({ list, t, onDone }: { list: SavedList; t: T; onDone: () => void }) {
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `list-rename-${list.id}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('b2b.lists.nameRequired');
    setBusy(true);
    const result = await renameSavedList(list.id, name);
    setBusy(false);
    if (!result.ok) return setError(result.key);
    showToast({ type: 'success', text: t('b2b.lists.renamed', { name: result.data.name }) });
    onDone();
  };
  return (
    <form onSubmit={(e) => void submit(e)} onKeyDown={(e) => e.key === 'Escape' && onDone()} className="flex flex-wrap items-end gap-2" data-list-rename-form="">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-semibold">{t('b2b.lists.renameLabel')}</label>
        <input
          id={id}
          autoFocus
          value={name}
          maxLength={120}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
          className="mt-1 w-full border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
        />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>{t('b2b.lists.save')}</button>
      <button type="button" className="btn-outline" disabled={busy} onClick={onDone}>{t('b2b.lists.cancel')}</button>
      {error && <p id={`${id}-error`} role="alert" className="m-0 w-full font-semibold text-error">{t(error)}</p>}
    </form>
  );
}

function ListCard({ list, t, locale, onDelete }: { list: SavedList; t: T; locale: Locale; onDelete: (list: SavedList, button: HTMLButtonElement) => void }) {
  const [renaming, setRenaming] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const headingId = `list-${list.id}-name`;
  const stopRenaming = () => {
    setRenaming(false);
    setRefocus(true);
  };
  // Back on the Rename button once it is drawn again (after the form has gone).
  useEffect(() => {
    if (!refocus || renaming) return;
    renameButton.current?.focus();
    setRefocus(false);
  }, [refocus, renaming]);
  return (
    <li className="flex flex-col gap-3 border-2 border-line p-4" aria-labelledby={headingId} data-saved-list={list.name}>
      {renaming ? (
        <RenameForm list={list} t={t} onDone={stopRenaming} />
      ) : (
        <h2 id={headingId} className="m-0 text-lg font-bold">
          <a href={`/account/lists/${list.id}`} className="link" aria-label={t('b2b.lists.openNamed', { name: list.name })}>{list.name}</a>
        </h2>
      )}
      <p className="m-0 text-sm text-muted">
        {t('b2b.lists.rows', { count: list.rows_count })} · {t('b2b.lists.updated', { date: formatDay(list.updated_at, locale) })}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <a href={`/account/lists/${list.id}`} className="btn-primary no-underline" aria-label={t('b2b.lists.openNamed', { name: list.name })}>{t('b2b.lists.open')}</a>
        {!renaming && (
          <button type="button" ref={renameButton} className="btn-outline" aria-label={t('b2b.lists.renameNamed', { name: list.name })} onClick={() => setRenaming(true)}>
            {t('b2b.lists.rename')}
          </button>
        )}
        <button type="button" className="btn-outline" aria-label={t('b2b.lists.deleteNamed', { name: list.name })} onClick={(e) => onDelete(list, e.currentTarget)} data-list-delete="">
          {t('b2b.lists.delete')}
        </button>
      </div>
    </li>
  );
}

export default function SavedLists({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const trade = useTradeCustomer();
  const customer = useStore($customer);
  const state = useStore($savedLists);
  const [name, setName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<SavedList | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (ready && trade) void loadSavedLists();
  }, [ready, trade, customer?.id]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (target && !dialog.open) dialog.showModal();
    if (!target && dialog.open) dialog.close();
  }, [target]);

  if (!ready) return <Loading t={t} />;
  if (!trade) return <BusinessOnly t={t} />;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setCreateError('b2b.lists.nameRequired');
    setCreating(true);
    setCreateError(null);
    const result = await createSavedList(name);
    setCreating(false);
    if (!result.ok) return setCreateError(result.key);
    setName('');
    showToast({ type: 'success', text: t('b2b.lists.created', { name: result.data.name }) });
  };

  const closeDialog = () => {
    setTarget(null);
    const back = returnFocus.current;
    requestAnimationFrame(() => (back?.isConnected ? back : document.getElementById('lists-title'))?.focus());
  };
  const confirmDelete = async () => {
    if (!target) return;
    setDeleting(true);
    const result = await deleteSavedList(target.id);
    setDeleting(false);
    if (!result.ok) return setDeleteError(result.key);
    showToast({ type: 'success', text: t('b2b.lists.deleted', { name: target.name }) });
    closeDialog();
  };

  return (
    <div className="flex flex-col gap-6" data-saved-lists="" aria-busy={state.loading || undefined}>
      <form onSubmit={(e) => void create(e)} className="flex max-w-xl flex-wrap items-end gap-2" data-list-create="">
        <div className="min-w-0 flex-1">
          <label htmlFor="new-list-name" className="block font-semibold">{t('b2b.lists.newName')}</label>
          <input
            id="new-list-name"
            value={name}
            maxLength={120}
            autoComplete="off"
            aria-invalid={createError ? true : undefined}
            aria-describedby={createError ? 'new-list-error' : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
            className="mt-1 w-full border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
          />
        </div>
        <button type="submit" className="btn-primary" disabled={creating}>{creating ? t('b2b.lists.creating') : t('b2b.lists.create')}</button>
        {createError && <p id="new-list-error" role="alert" className="m-0 w-full font-semibold text-error">{t(createError)}</p>}
      </form>

      <section aria-labelledby="lists-title">
        <h2 id="lists-title" tabIndex={-1} className="m-0 mb-3 text-xl font-bold text-secondary focus:outline-none">
          {state.ready ? t('b2b.lists.count', { count: state.count }) : t('b2b.lists.title')}
        </h2>
        {state.error && <ErrorBox t={t} message={state.error} onRetry={() => void loadSavedLists()} />}
        {!state.error && !state.ready && <Loading t={t} />}
        {!state.error && state.ready && state.lists.length === 0 && (
          <EmptyState title={t('b2b.lists.empty')}>
            <p className="m-0 text-muted">{t('b2b.lists.emptyText')}</p>
          </EmptyState>
        )}
        {state.lists.length > 0 && (
          <ul className="m-0 grid list-none gap-4 p-0 sm:grid-cols-2 lg:grid-cols-3">
            {state.lists.map((list) => (
              <ListCard
                key={list.id}
                list={list}
                t={t}
                locale={locale}
                onDelete={(l, button) => {
                  returnFocus.current = button;
                  setDeleteError(null);
                  setTarget(l);
                }}
              />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        dialogRef={dialogRef}
        id="list-delete"
        marker="data-list-delete-dialog"
        open={target !== null && target !== undefined}
        busy={deleting}
        title={t('b2b.lists.confirmDeleteTitle')}
        text={target ? t('b2b.lists.confirmDelete', { name: target.name }) : ''}
        error={deleteError ? t(deleteError) : null}
        cancelLabel={t('b2b.lists.cancel')}
        confirmLabel={t('b2b.lists.confirmDeleteYes')}
        onClose={closeDialog}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
