// The filters in force, each a button that removes it, and one that removes them all.
import type { FilterField } from '../../lib/listing/filter-options';
import type { ListingText } from '../../lib/listing/messages';
import { defaultFilters, hasActiveFilters, type ListingFilters } from '../../lib/listing/query-state';
import { applyFilters } from '../../lib/stores/product-list';

interface Props {
  filters: ListingFilters;
  categoryNames: Map<string, string>;
  customFields: FilterField[];
  text: ListingText;
  onClearAll: () => void;
}

interface Chip {
  key: string;
  label: string;
  remove: Partial<ListingFilters>;
}

function chipsOf(filters: ListingFilters, categoryNames: Map<string, string>, customFields: FilterField[], text: ListingText): Chip[] {
  const { t } = text;
  const chips: Chip[] = [];
  if (filters.search) chips.push({ key: 'search', label: t('listing.searchChip', { search: filters.search }), remove: { search: '' } });
  for (const slug of filters.categories) {
    chips.push({ key: `category-${slug}`, label: categoryNames.get(slug) ?? slug, remove: { categories: filters.categories.filter((s) => s !== slug) } });
  }
  for (const cf of filters.customFields) {
    const field = customFields.find((f) => f.key === cf.key);
    const value = cf.value === undefined ? undefined : (field?.values.find((v) => v.value === cf.value)?.label ?? cf.value);
    chips.push({
      key: `field-${cf.key}-${cf.value ?? ''}`,
      label: value === undefined ? (field?.name ?? cf.key) : `${field?.name ?? cf.key}: ${value}`,
      remove: { customFields: filters.customFields.filter((other) => other !== cf) },
    });
  }
  const { min, max, type } = filters.price;
  if (min !== null || max !== null) {
    const range =
      min !== null && max !== null
        ? t('listing.priceBetween', { min: text.price(min), max: text.price(max) })
        : min !== null
          ? t('listing.priceFrom', { min: text.price(min) })
          : t('listing.priceTo', { max: text.price(max!) });
    const kind = t(type === 'special' ? 'listing.priceSpecial' : 'listing.priceStandard');
    chips.push({ key: 'price', label: `${kind}: ${range}`, remove: { price: defaultFilters().price } });
  }
  return chips;
}

export default function ActiveFilters({ filters, categoryNames, customFields, text, onClearAll }: Props) {
  if (!hasActiveFilters(filters)) return null;
  const chips = chipsOf(filters, categoryNames, customFields, text);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" data-listing-active="">
      <span className="text-sm font-semibold text-secondary">{text.t('listing.activeFilters')}:</span>
      <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              aria-label={text.t('listing.removeFilter', { label: chip.label })}
              onClick={() => void applyFilters(chip.remove)}
              className="inline-flex items-center gap-1 border border-secondary bg-surface px-2 py-0.5 text-sm text-secondary hover:bg-secondary hover:text-inverse focus-ring"
            >
              {chip.label}
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onClearAll} className="link border-0 bg-transparent p-0 text-sm focus-ring">
        {text.t('listing.clearFilters')}
      </button>
    </div>
  );
}
