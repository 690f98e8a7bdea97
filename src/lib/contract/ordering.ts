// `order_by` is "field-direction" (spec section 7), e.g. "standard_price-desc".

export type Direction = 'asc' | 'desc';
export interface Ordering<F extends string> {
  field: F;
  direction: Direction;
}

export type OrderingResult<F extends string> = { ok: true; value: Ordering<F> } | { ok: false; message: string };

export function parseOrderBy<F extends string>(raw: string, fields: readonly F[]): OrderingResult<F> {
  const cut = raw.lastIndexOf('-');
  const field = (cut === -1 ? raw : raw.slice(0, cut)) as F;
  const direction = cut === -1 ? 'asc' : raw.slice(cut + 1);
  if (!fields.includes(field)) return { ok: false, message: `Order field must be one of: ${fields.join(', ')}.` };
  if (direction !== 'asc' && direction !== 'desc') return { ok: false, message: 'Order direction must be asc or desc.' };
  return { ok: true, value: { field, direction } };
}

export const formatOrderBy = <F extends string>(o: Ordering<F>) => `${o.field}-${o.direction}`;
