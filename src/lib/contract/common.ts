// Shapes shared by every call of the shop API (spec section 7). The API validates with these
// schemas; the storefront imports their types only.
import * as v from 'valibot';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';
import { ERROR_CODES } from './error-codes';

export { DEFAULT_LOCALE, LOCALES, type Locale };

export const SHOP_CONTEXTS = ['b2b', 'b2c'] as const;
export type ShopContext = (typeof SHOP_CONTEXTS)[number];

/** One problem with the request, by field when it concerns one. */
export const ErrorItemSchema = v.object({
  field: v.nullable(v.string()),
  code: v.string(),
  message: v.string(),
  /** A money amount the broken rule names (a coupon's minimum), for the storefront's own message. */
  amount: v.optional(v.number()),
  /** The line of a file (or the item of a JSON list, from 1) a management API sync refuses (ADR 0028). */
  line: v.optional(v.number()),
  /** The value found there, as sent. */
  value: v.optional(v.string()),
});
export type ErrorItem = v.InferOutput<typeof ErrorItemSchema>;

/** Every error answer of the API: `code` is the catalogue name (error-codes.ts), `detail` its English message. */
export const ErrorBodySchema = v.object({ detail: v.string(), error_list: v.array(ErrorItemSchema), code: v.picklist(ERROR_CODES) });
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

export interface Paged<T> {
  results: T[];
  count: number;
}

/** The answer of a list call: one page of `item`, and how many there are in all. */
export const PagedSchema = <S extends v.GenericSchema>(item: S) => v.object({ results: v.array(item), count: v.number() });

/** Query parameters every call accepts. */
export const ContextQuerySchema = v.object({
  locale: v.optional(v.picklist(LOCALES, `Unsupported locale: use ${LOCALES.slice(0, -1).join(', ')} or ${LOCALES.at(-1)}.`), DEFAULT_LOCALE),
  shop_context: v.optional(v.picklist(SHOP_CONTEXTS, 'shop_context must be b2b or b2c.'), 'b2b'),
});

const intString = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, `${field} must be a whole number.`),
    v.transform(Number),
    v.minValue(min, `${field} must be at least ${min}.`),
    v.maxValue(max, `${field} must be at most ${max}.`),
  );

export const MAX_PAGE_SIZE = 100;
export const PageQuerySchema = v.object({
  page: v.optional(intString('page', 1, 1_000_000), '1'),
  page_size: v.optional(intString('page_size', 1, MAX_PAGE_SIZE), '12'),
});

/** A positive id in a path or query. */
export const IdSchema = intString('id', 1, 2_147_483_647);
