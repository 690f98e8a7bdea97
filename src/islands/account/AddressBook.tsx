// The address book (spec section 2): list with search and a type filter, delete after a
// confirmation dialog (native <dialog>: focus moves in and back), an add form checked with the
// API's rules before sending, the API's field errors shown beside each field, and each address
// edited in place with the same form (one default address per type: a new default replaces the
// old one).
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Address } from '../../lib/contract/addresses';
import { ADDRESS_TYPES } from '../../lib/contract/constants';
import type { T } from '../../lib/i18n/client-messages';
import { countryName } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { ADDRESSES_PAGE_SIZE, ADDRESS_FIELDS, ADDRESS_LIMITS, ADDRESS_REQUIRED, $addressBook, createAddress, deleteAddress,
  isAddressType, loadAddresses, updateAddress, type AddressErrors, type AddressField, type AddressFieldError, type AddressInput, type AddressTextField,
} from '../../lib/stores/account-addresses';
import { pageCount } from '../../lib/stores/account-orders';
import { $customer } from '../../lib/stores/session';
import { EmptyState, ErrorBox, Loading, Pager, useAccountReady, useT, type AccountIslandProps } from './account-ui';
import CountryOptions from '../CountryOptions';
import { ConfirmDialog } from '../ConfirmDialog';

/** Field ids: `address-name` in the add form, `address-edit-12-name` when editing address 12. */
const idPrefix = (editing: Address | undefined) => (editing ? `address-edit-${editing.id}` : 'address');
const inputClass = (invalid: boolean) => `mt-1 block w-full border-2 bg-canvas px-3 py-2 text-base focus-ring ${invalid ? 'border-error' : 'border-secondary'}`;

function readForm(form: HTMLFormElement): AddressInput {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    type: text('type'), name: text('name'), company: text('company'), street: text('street'), city: text('city'), postal_code: text('postal_code'),
    province: text('province'), country: text('country'), phone: text('phone'), email: text('email'), vat_number: text('vat_number'),
    is_default: data.get('is_default') === 'on',
  };
}

function AddressCard({ address, t, locale, onDelete, onEdit }: {
  address: Address;
  t: T;
  locale: Locale;
  onDelete: (a: Address, button: HTMLButtonElement) => void;
  onEdit: (a: Address) => void;
}) {
  const country = countryName(address.country, locale);
  return (
    <li className="flex flex-col gap-3 border border-line p-4" data-address-id={address.id} data-address-name={address.name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="border border-secondary px-2 py-0.5 text-sm font-semibold">{t(`account.addresses.types.${address.type}`)}</span>
        {address.is_default && <span className="bg-secondary px-2 py-0.5 text-sm font-semibold text-inverse">{t('account.addresses.default')}</span>}
      </div>
      <address className="not-italic leading-relaxed">
        <span className="block font-bold">{address.name}</span>
        {address.company && <span className="block">{address.company}</span>}
        <span className="block">{address.street}</span>
        <span className="block">{[address.postal_code, address.city, address.province].filter(Boolean).join(' ')}</span>
        <span className="block">{country}</span>
        {address.phone && <span className="block">{address.phone}</span>}
        {address.email && <span className="block">{address.email}</span>}
        {address.vat_number && <span className="block">{t('account.addresses.fields.vat_number')}: {address.vat_number}</span>}
      </address>
      <div className="mt-auto flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-outline"
          onClick={() => onEdit(address)}
          aria-label={t('account.addresses.editOf', { name: address.name })}
          data-address-edit={address.id}
        >
          {t('account.addresses.edit')}
        </button>
        <button
          type="button"
          className="btn-outline"
          onClick={(e) => onDelete(address, e.currentTarget)}
          aria-label={t('account.addresses.deleteOf', { name: address.name })}
        >
          {t('account.addresses.delete')}
        </button>
      </div>
    </li>
  );
}

function AddressForm({ t, locale, address, onDone }: { t: T; locale: Locale; address?: Address; onDone: () => void }) {
  const prefix = idPrefix(address);
  const fieldId = (field: AddressField) => `${prefix}-${field}`;
  const errorId = (field: AddressField) => `${prefix}-${field}-error`;
  const titleId = `${prefix}-form-title`;
  const [errors, setErrors] = useState<AddressErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const failureRef = useRef<HTMLDivElement>(null);
  const initial = (field: AddressTextField) => (address ? (address[field] ?? '') : undefined);

  // Editing starts on the first field, so a keyboard user lands in the form that opened.
  useEffect(() => {
    if (address) document.getElementById(fieldId('type'))?.focus();
  }, []);

  useEffect(() => {
    if (attempt === 0) return;
    const first = ADDRESS_FIELDS.find((f) => errors[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
    else if (failure) failureRef.current?.focus();
  }, [attempt]);

  const message = (error: AddressFieldError) =>
    error.code === 'api' ? (error.message ?? '') : t(`account.addresses.errors.${error.code}`, { max: error.max ?? '' });

  const clear = (field: AddressField) => {
    if (!errors[field]) return;
    const { [field]: _gone, ...rest } = errors;
    setErrors(rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSending(true);
    setFailure(null);
    const outcome = address ? await updateAddress(address.id, readForm(form)) : await createAddress(readForm(form));
    setSending(false);
    if (outcome.ok) {
      if (!address) form.reset();
      setErrors({});
      onDone();
      return;
    }
    setErrors(outcome.errors);
    setFailure(outcome.failure);
    setAttempt((n) => n + 1);
  };

  const describe = (field: AddressField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
  });
  const label = (field: AddressField) => (
    <label htmlFor={fieldId(field)} className="block font-semibold">
      {t(`account.addresses.fields.${field}`)}
      {ADDRESS_REQUIRED.includes(field) ? <span aria-hidden="true" className="text-primary-strong"> *</span> : <span className="font-normal text-muted"> ({t('account.optional')})</span>}
    </label>
  );
  const errorText = (field: AddressField) =>
    errors[field] && <p id={errorId(field)} className="mb-0 mt-1 text-sm font-semibold text-error">{message(errors[field])}</p>;
  const text = (field: AddressTextField, input: { type?: string; autoComplete?: string; wide?: boolean } = {}) => (
    <div className={input.wide ? 'md:col-span-2' : undefined}>
      {label(field)}
      <input
        id={fieldId(field)}
        name={field}
        type={input.type ?? 'text'}
        autoComplete={input.autoComplete}
        required={ADDRESS_REQUIRED.includes(field)}
        maxLength={ADDRESS_LIMITS[field]}
        defaultValue={initial(field)}
        onInput={() => clear(field)}
        className={inputClass(Boolean(errors[field]))}
        {...describe(field)}
      />
      {errorText(field)}
    </div>
  );

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-5 border-2 border-line p-5"
      data-address-form={address ? address.id : ''}
      aria-labelledby={titleId}
    >
      {address
        ? <h3 id={titleId} className="m-0 text-lg font-bold text-secondary">{t('account.addresses.editTitle')}</h3>
        : <h2 id={titleId} className="m-0 text-xl font-bold text-secondary">{t('account.addresses.addTitle')}</h2>}
      <p className="m-0 text-sm text-muted">{t('account.requiredNote')}</p>
      {failure && (
        <div ref={failureRef} tabIndex={-1} role="alert" className="border-l-4 border-error bg-error-soft p-4 focus-ring">
          <p className="m-0 font-semibold text-error">{t(failure)}</p>
        </div>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        <div>
          {label('type')}
          <select id={fieldId('type')} name="type" required defaultValue={address?.type ?? ''} onChange={() => clear('type')} className={inputClass(Boolean(errors.type))} {...describe('type')}>
            <option value="" disabled>{t('account.addresses.chooseType')}</option>
            {ADDRESS_TYPES.map((type) => <option key={type} value={type}>{t(`account.addresses.types.${type}`)}</option>)}
          </select>
          {errorText('type')}
        </div>
        {text('name', { autoComplete: 'name' })}
        {text('company', { autoComplete: 'organization' })}
        {text('street', { autoComplete: 'street-address' })}
        {text('city', { autoComplete: 'address-level2' })}
        {text('postal_code', { autoComplete: 'postal-code' })}
        {text('province', { autoComplete: 'address-level1' })}
        <div>
          {label('country')}
          <select
            id={fieldId('country')} name="country" required defaultValue={address?.country ?? 'IT'} onChange={() => clear('country')} autoComplete="country"
            className={inputClass(Boolean(errors.country))} {...describe('country')}
          >
            <option value="">{t('account.addresses.chooseCountry')}</option>
            <CountryOptions locale={locale} shopLabel={t('account.addresses.countriesShop')} otherLabel={t('account.addresses.countriesOther')} />
          </select>
          {errorText('country')}
        </div>
        {text('phone', { type: 'tel', autoComplete: 'tel' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
        {text('vat_number')}
      </div>
      <div>
        <div className="flex items-center gap-3">
          <input
            type="checkbox" id={fieldId('is_default')} name="is_default" defaultChecked={address?.is_default ?? false}
            aria-describedby={`${prefix}-default-hint`} className="h-5 w-5 accent-primary focus-ring"
          />
          <label htmlFor={fieldId('is_default')}>{t('account.addresses.fields.is_default')}</label>
        </div>
        <p id={`${prefix}-default-hint`} className="mb-0 mt-1 text-sm text-muted">{t('account.addresses.defaultHint')}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? t('account.saving') : t(address ? 'account.addresses.saveChanges' : 'account.addresses.save')}
        </button>
        <button type="button" className="btn-outline" onClick={onDone}>{t('account.cancel')}</button>
      </div>
    </form>
  );
}

export default function AddressBook({ locale, messages }: AccountIslandProps) {
  const t = useT(messages, locale);
  const ready = useAccountReady();
  const customer = useStore($customer);
  const state = useStore($addressBook);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  /** The address whose Edit button gets the focus back once its card is shown again. */
  const [refocus, setRefocus] = useState<number | null>(null);
  const [target, setTarget] = useState<Address | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (ready) void loadAddresses({ page: 1 });
  }, [ready, customer?.id]);

  // Back on the card's own Edit button once the card has replaced the form (after the render, so
  // the button exists; the list was read again meanwhile).
  useEffect(() => {
    if (refocus === null || editing !== null) return;
    const button = document.querySelector<HTMLElement>(`[data-address-edit="${refocus}"]`);
    if (!button) return;
    button.focus();
    setRefocus(null);
  }, [refocus, editing, state.results]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (target && !dialog.open) dialog.showModal();
    if (!target && dialog.open) dialog.close();
  }, [target]);

  if (!ready) return <Loading t={t} />;

  const askDelete = (address: Address, button: HTMLButtonElement) => {
    returnFocus.current = button;
    setDeleteError(null);
    setTarget(address);
  };
  const closeDialog = () => {
    setTarget(null);
    // The button that opened the dialog may be gone (its address deleted): then the list heading.
    const back = returnFocus.current;
    requestAnimationFrame(() => (back?.isConnected ? back : document.getElementById('address-list-title'))?.focus());
  };
  const confirmDelete = async () => {
    if (!target) return;
    setDeleting(true);
    const error = await deleteAddress(target.id);
    setDeleting(false);
    if (error) setDeleteError(error);
    else closeDialog();
  };

  const stopEditing = (id: number) => {
    setEditing(null);
    setRefocus(id);
  };

  const pages = pageCount(state.count, ADDRESSES_PAGE_SIZE);
  return (
    <div className="flex flex-col gap-6" data-address-book="">
      <div>
        {adding ? (
          <AddressForm t={t} locale={locale} onDone={() => { setAdding(false); requestAnimationFrame(() => addButton.current?.focus()); }} />
        ) : (
          <button ref={addButton} type="button" className="btn-primary" onClick={() => setAdding(true)}>
            {t('account.addresses.add')}
          </button>
        )}
      </div>

      <section aria-labelledby="address-list-title" className="flex flex-col gap-4">
        <h2 id="address-list-title" tabIndex={-1} className="m-0 text-xl font-bold text-secondary focus-ring">{t('account.addresses.listTitle')}</h2>
        <div className="flex flex-wrap items-end gap-4">
          <form
            role="search"
            aria-label={t('account.addresses.searchLabel')}
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void loadAddresses({ search, page: 1 });
            }}
          >
            <div>
              <label htmlFor="address-search" className="block font-semibold">{t('account.addresses.searchLabel')}</label>
              <input
                id="address-search"
                type="search"
                value={search}
                maxLength={100}
                onChange={(e) => setSearch(e.currentTarget.value)}
                className="mt-1 border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
              />
            </div>
            <button type="submit" className="btn-secondary">{t('account.addresses.search')}</button>
          </form>
          <div>
            <label htmlFor="address-type-filter" className="block font-semibold">{t('account.addresses.typeFilter')}</label>
            <select
              id="address-type-filter"
              value={state.type ?? ''}
              onChange={(e) => void loadAddresses({ type: isAddressType(e.currentTarget.value) ? e.currentTarget.value : null, page: 1 })}
              className="mt-1 border-2 border-secondary bg-canvas px-3 py-2 focus-ring"
            >
              <option value="">{t('account.addresses.allTypes')}</option>
              {ADDRESS_TYPES.map((type) => <option key={type} value={type}>{t(`account.addresses.types.${type}`)}</option>)}
            </select>
          </div>
        </div>
        {state.ready && !state.error && <p className="m-0 text-muted" role="status">{t('account.addresses.count', { count: state.count })}</p>}
        {state.error && <ErrorBox t={t} message={state.error} onRetry={() => void loadAddresses()} />}
        {!state.error && !state.ready && <Loading t={t} />}
        {!state.error && state.ready && state.results.length === 0 && !state.loading && (
          <EmptyState title={t(state.search || state.type ? 'account.addresses.emptyFiltered' : 'account.addresses.empty')} />
        )}
        {!state.error && state.results.length > 0 && (
          <ul className={`m-0 grid list-none gap-4 p-0 md:grid-cols-2 lg:grid-cols-3 ${state.loading ? 'opacity-60' : ''}`} aria-busy={state.loading}>
            {state.results.map((address) => (
              editing === address.id ? (
                <li key={address.id} className="md:col-span-2 lg:col-span-3" data-address-id={address.id} data-address-name={address.name} data-address-editing="">
                  <AddressForm t={t} locale={locale} address={address} onDone={() => stopEditing(address.id)} />
                </li>
              ) : (
                <AddressCard key={address.id} address={address} t={t} locale={locale} onDelete={askDelete} onEdit={(a) => setEditing(a.id)} />
              )
            ))}
          </ul>
        )}
        <Pager t={t} page={state.page} pageCount={pages} onPage={(page) => void loadAddresses({ page })} label={t('account.addresses.pages')} />
      </section>

      <ConfirmDialog
        dialogRef={dialogRef}
        id="address-delete"
        marker="data-address-delete-dialog"
        open={target !== null && target !== undefined}
        busy={deleting}
        title={t('account.addresses.deleteTitle')}
        text={target ? t('account.addresses.deleteConfirm', { name: target.name }) : ''}
        error={deleteError ? t(deleteError) : null}
        cancelLabel={t('account.cancel')}
        confirmLabel={deleting ? t('account.addresses.deleting') : t('account.addresses.confirmDelete')}
        onClose={closeDialog}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
