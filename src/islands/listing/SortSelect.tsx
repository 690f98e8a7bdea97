// The order of the list: a native select (keyboard and screen readers know it), applied on change.
import { useId } from 'react';
import { formatOrderBy, parseOrderBy, type Ordering } from '../../lib/contract/ordering';
import type { ProductOrderField } from '../../lib/contract/products';
import type { ListingText } from '../../lib/listing/messages';
import { ORDER_FIELDS } from '../../lib/listing/query-state';
import { applyFilters } from '../../lib/stores/product-list';

/** The orders offered; an address may ask for another allowed one, which is then listed too. */
const OFFERED = ['name-asc', 'name-desc', 'standard_price-asc', 'standard_price-desc', 'special_price-asc', 'create_date-desc', 'write_date-desc'];

export default function SortSelect({ orderBy, search, text }: { orderBy: Ordering<ProductOrderField>; search: string; text: ListingText }) {
  const id = useId();
  const current = formatOrderBy(orderBy);
  // Relevance is offered (first) only for a search.
  const offered = search ? ['relevance-desc', ...OFFERED] : OFFERED;
  const options = offered.includes(current) ? offered : [...offered, current];
  const change = (value: string) => {
    const parsed = parseOrderBy(value, ORDER_FIELDS);
    if (parsed.ok) void applyFilters({ orderBy: parsed.value });
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-semibold text-secondary">
        {text.t('listing.sortLabel')}
      </label>
      <select id={id} name="order_by" value={current} onChange={(e) => change(e.target.value)} className="border-2 border-secondary bg-canvas px-2 py-1 focus-ring" data-listing-sort="">
        {options.map((value) => (
          <option key={value} value={value}>
            {text.t(`listing.sort.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
