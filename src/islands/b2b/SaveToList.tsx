// "Save as list" (issue 16): a small form that opens under its button, to pick one of the
// customer's lists or name a new one; used by quick order (its valid lines) and the cart ("save
// cart as list": always a new list). The caller saves; this only asks where.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { T } from '../../lib/i18n/client-messages';
import { $savedLists, loadSavedLists, type ListTarget } from '../../lib/stores/saved-lists';

interface Props {
  t: T;
  /** The button's text. */
  label: string;
  /** Only a new list (the cart is saved as a list of its own). */
  newOnly?: boolean;
  disabled?: boolean;
  /** Saves; answers an error key to show, or null when done (the form closes). */
  onSave: (target: ListTarget) => Promise<string | null>;
}

const NEW = 'new';

export default function SaveToList({ t, label, newOnly = false, disabled = false, onSave }: Props) {
  const id = useId();
  const lists = useStore($savedLists);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>(NEW);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLSelectElement & HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    if (!newOnly && !lists.ready && !lists.loading) void loadSavedLists();
    first.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setError(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target: ListTarget = choice === NEW ? { name: name.trim() } : { id: Number(choice) };
    if ('name' in target && target.name === '') {
      setError('b2b.lists.nameRequired');
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await onSave(target);
    setBusy(false);
    if (failure) setError(failure);
    else {
      setName('');
      close();
    }
  };

  if (!open) {
    return (
      <button type="button" ref={opener} className="btn-outline" disabled={disabled} aria-expanded="false" onClick={() => setOpen(true)} data-save-to-list="">
        {label}
      </button>
    );
  }
  const isNew = newOnly || choice === NEW;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => e.key === 'Escape' && close()}
      className="flex w-full flex-col gap-3 border-2 border-secondary bg-surface p-4 sm:max-w-md"
      aria-label={label}
      data-save-to-list-form=""
    >
      {!newOnly && (
        <div>
          <label htmlFor={`${id}-list`} className="block font-semibold">{t('b2b.saveList.choose')}</label>
          <select
            id={`${id}-list`}
            ref={first}
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            className="mt-1 w-full border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
          >
            <option value={NEW}>{t('b2b.saveList.newList')}</option>
            {lists.lists.map((l) => (
              <option key={l.id} value={l.id}>{l.name}</option>
            ))}
          </select>
          {lists.loading && <p className="m-0 mt-1 text-sm text-muted" role="status">{t('b2b.saveList.loading')}</p>}
        </div>
      )}
      {isNew && (
        <div>
          <label htmlFor={`${id}-name`} className="block font-semibold">{t('b2b.saveList.newName')}</label>
          <input
            id={`${id}-name`}
            ref={newOnly ? first : undefined}
            value={name}
            maxLength={120}
            autoComplete="off"
            aria-invalid={error === 'b2b.lists.nameRequired' || error === 'b2b.lists.nameTaken' ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
            className="mt-1 w-full border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
            data-save-list-name=""
          />
        </div>
      )}
      {error && <p id={`${id}-error`} role="alert" className="m-0 font-semibold text-error">{t(error)}</p>}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy} data-save-list-confirm="">
          {busy ? t('b2b.saveList.saving') : t('b2b.saveList.confirm')}
        </button>
        <button type="button" className="btn-outline" disabled={busy} onClick={close}>{t('b2b.saveList.cancel')}</button>
      </div>
    </form>
  );
}
