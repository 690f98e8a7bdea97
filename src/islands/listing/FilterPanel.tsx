// The filters of the product list: search text, categories (with or without descendants),
// product custom fields, price range on the list or offer price. Choices apply at once; typed
// text (search, amounts) applies on submit. Below lg the panel folds behind a button.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatAmount } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import type { CategoryOption, FilterField } from '../../lib/listing/filter-options';
import type { ListingText } from '../../lib/listing/messages';
import { parseAmount, type ListingFilters, type PriceType } from '../../lib/listing/query-state';
import { applyFilters } from '../../lib/stores/product-list';

interface Props {
  basePath: string;
  /** On a category page the categories are the ones below it. */
  subtree: boolean;
  filters: ListingFilters;
  categories: CategoryOption[];
  customFields: FilterField[];
  text: ListingText;
}

const amountText = (n: number | null, locale: Locale) => (n === null ? '' : formatAmount(n, locale));

export default function FilterPanel({ basePath, subtree, filters, categories, customFields, text }: Props) {
  const { t } = text;
  const id = useId();
  const [open, setOpen] = useState(false);
  const activeCount =
    filters.categories.length + filters.customFields.length + (filters.price.min !== null || filters.price.max !== null ? 1 : 0) + (filters.search ? 1 : 0);

  return (
    <section aria-labelledby={`${id}-title`} className="border border-line bg-canvas lg:border-0" data-listing-filters="">
      <h2 id={`${id}-title`} className="m-0 hidden text-xl font-bold text-secondary lg:block">
        {t('listing.filters')}
      </h2>
      <button
        type="button"
        className="btn w-full justify-between bg-surface text-secondary lg:hidden focus-ring"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!open)}
      >
        <span>
          {t('listing.showFilters')}
          {activeCount > 0 && <span className="ml-2 bg-secondary px-1.5 text-xs text-inverse">{activeCount}</span>}
        </span>
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      <div id={`${id}-body`} className={`${open ? 'block' : 'hidden'} p-3 lg:block lg:p-0`}>
        <SearchForm basePath={basePath} search={filters.search} text={text} />
        {categories.length > 0 && <CategoryFilter subtree={subtree} filters={filters} categories={categories} text={text} />}
        {customFields.map((field) => (
          <CustomFieldFilter key={field.key} field={field} filters={filters} text={text} />
        ))}
        <PriceFilter filters={filters} text={text} />
      </div>
    </section>
  );
}

function SearchForm({ basePath, search, text }: { basePath: string; search: string; text: ListingText }) {
  const id = useId();
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void applyFilters({ search: draft });
  };
  // A real GET form: without JavaScript it still leads to the search address.
  return (
    <form action={basePath} method="get" onSubmit={submit} className="mt-4 lg:mt-3">
      <label htmlFor={id} className="block text-sm font-semibold text-secondary">
        {text.t('listing.searchLabel')}
      </label>
      <div className="mt-1 flex">
        <input
          id={id}
          name="search"
          type="search"
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          className="min-w-0 flex-1 border-2 border-secondary px-2 py-1.5 focus-ring"
        />
        <button type="submit" className="btn-secondary px-3 py-1.5">
          {text.t('listing.searchSubmit')}
        </button>
      </div>
    </form>
  );
}

function CategoryFilter({ subtree, filters, categories, text }: { subtree: boolean; filters: ListingFilters; categories: CategoryOption[]; text: ListingText }) {
  const id = useId();
  const chosen = new Set(filters.categories);
  const toggle = (slug: string, on: boolean) => {
    const next = on ? [...chosen, slug] : [...chosen].filter((s) => s !== slug);
    void applyFilters({ categories: next });
  };
  const renderLevel = (options: CategoryOption[], depth: number) => (
    <ul className={`m-0 list-none p-0 ${depth > 0 ? 'ml-5' : ''}`}>
      {options.map((option) => (
        <li key={option.slug}>
          <label className="flex cursor-pointer items-start gap-2 py-1 text-sm">
            <input
              type="checkbox"
              name="categories"
              value={option.slug}
              checked={chosen.has(option.slug)}
              onChange={(e) => toggle(option.slug, e.target.checked)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-primary focus-ring"
            />
            <span className={depth === 0 ? 'font-semibold' : ''}>{option.name}</span>
          </label>
          {option.children.length > 0 && renderLevel(option.children, depth + 1)}
        </li>
      ))}
    </ul>
  );
  return (
    <fieldset className="m-0 mt-5 min-w-0 border-0 p-0" data-filter="categories">
      <legend className="p-0 text-sm font-semibold text-secondary">{text.t(subtree ? 'listing.subcategories' : 'listing.categories')}</legend>
      <div className="mt-1">{renderLevel(categories, 0)}</div>
      <label htmlFor={`${id}-descendants`} className="mt-2 flex cursor-pointer items-start gap-2 border-t border-line pt-2 text-sm">
        <input
          id={`${id}-descendants`}
          type="checkbox"
          checked={filters.includeDescendants}
          onChange={(e) => void applyFilters({ includeDescendants: e.target.checked })}
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary focus-ring"
        />
        <span>{text.t('listing.includeDescendants')}</span>
      </label>
    </fieldset>
  );
}

function CustomFieldFilter({ field, filters, text }: { field: FilterField; filters: ListingFilters; text: ListingText }) {
  const name = `${useId()}-${field.key}`;
  const current = filters.customFields.find((cf) => cf.key === field.key)?.value ?? '';
  const choose = (value: string) => {
    const others = filters.customFields.filter((cf) => cf.key !== field.key);
    void applyFilters({ customFields: value ? [...others, { key: field.key, value }] : others });
  };
  const options = [{ value: '', label: text.t('listing.any') }, ...field.values];
  return (
    <fieldset className="m-0 mt-5 min-w-0 border-0 p-0" data-filter={`custom-field-${field.key}`}>
      <legend className="p-0 text-sm font-semibold text-secondary">{field.name}</legend>
      <ul className="m-0 mt-1 list-none p-0">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex cursor-pointer items-center gap-2 py-1 text-sm">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={current === option.value}
                onChange={() => choose(option.value)}
                className="h-4 w-4 shrink-0 accent-primary focus-ring"
              />
              <span>{option.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function PriceFilter({ filters, text }: { filters: ListingFilters; text: ListingText }) {
  const { t, locale } = text;
  const id = useId();
  const { price } = filters;
  const [type, setType] = useState<PriceType>(price.type);
  const [min, setMin] = useState(amountText(price.min, locale));
  const [max, setMax] = useState(amountText(price.max, locale));
  const [invalid, setInvalid] = useState<'min' | 'max' | null>(null);
  // Another change of the list (back button, "clear all") shows its own price filter.
  useEffect(() => {
    setType(price.type);
    setMin(amountText(price.min, locale));
    setMax(amountText(price.max, locale));
    setInvalid(null);
  }, [price.type, price.min, price.max, locale]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minValue = min.trim() === '' ? null : parseAmount(min);
    const maxValue = max.trim() === '' ? null : parseAmount(max);
    const bad = min.trim() !== '' && minValue === null ? 'min' : max.trim() !== '' && maxValue === null ? 'max' : null;
    setInvalid(bad);
    if (bad) {
      document.getElementById(`${id}-${bad}`)?.focus();
      return;
    }
    void applyFilters({ price: { type, min: minValue, max: maxValue } });
  };

  const amountInput = (bound: 'min' | 'max') => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${bound}`} className="block text-xs text-muted">
        {t(bound === 'min' ? 'listing.priceMin' : 'listing.priceMax')}
      </label>
      <input
        id={`${id}-${bound}`}
        name={`price_${bound}`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={bound === 'min' ? min : max}
        onChange={(e) => (bound === 'min' ? setMin : setMax)(e.target.value)}
        aria-invalid={invalid === bound ? true : undefined}
        aria-describedby={invalid === bound ? `${id}-error` : undefined}
        className={`mt-0.5 w-full border-2 px-2 py-1 focus-ring ${invalid === bound ? 'border-error' : 'border-secondary'}`}
      />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5" data-filter="price">
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="p-0 text-sm font-semibold text-secondary">{t('listing.price')}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {(['standard', 'special'] as const).map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-2 py-1 text-sm">
              <input
                type="radio"
                name={`${id}-type`}
                value={option}
                checked={type === option}
                onChange={() => setType(option)}
                className="h-4 w-4 shrink-0 accent-primary focus-ring"
              />
              <span>{t(option === 'standard' ? 'listing.priceStandard' : 'listing.priceSpecial')}</span>
            </label>
          ))}
        </div>
        <div className="mt-2 flex items-end gap-2">
          {amountInput('min')}
          {amountInput('max')}
        </div>
        {invalid && (
          <p id={`${id}-error`} className="m-0 mt-1 text-sm text-error">
            {t('listing.priceInvalid')}
          </p>
        )}
        <button type="submit" className="btn-outline mt-3 w-full py-1.5">
          {t('listing.priceApply')}
        </button>
      </fieldset>
    </form>
  );
}
