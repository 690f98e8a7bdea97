// The calls the page build and the page regeneration use to read whole pages in bulk
// (site/product-pages/, site/important-products/): a fixed number of queries per batch, never
// one call per page. Anonymous and public, like the pages they make.
import * as v from 'valibot';
import { ContextQuerySchema, IdSchema } from './common';
import { ProductDetailSchema } from './product-detail';
import { RelatedGroupSchema } from './products';

export const MAX_PAGE_BATCH = 500;

const batchSize = v.pipe(
  v.string(),
  v.regex(/^\d{1,4}$/, 'limit must be a whole number.'),
  v.transform(Number),
  v.minValue(1, 'limit must be at least 1.'),
  v.maxValue(MAX_PAGE_BATCH, `limit must be at most ${MAX_PAGE_BATCH}.`),
);

export const ProductPagesQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  after: v.optional(IdSchema),
  limit: v.optional(batchSize, '200'),
  ids: v.optional(v.pipe(v.array(IdSchema), v.maxLength(MAX_PAGE_BATCH, `At most ${MAX_PAGE_BATCH} ids.`))),
});

export const ImportantProductsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  limit: v.pipe(
    v.string(),
    v.regex(/^\d{1,7}$/, 'limit must be a whole number.'),
    v.transform(Number),
    v.minValue(1, 'limit must be at least 1.'),
  ),
});

export const ProductPageDataSchema = v.object({
  product: ProductDetailSchema,
  related: v.array(RelatedGroupSchema),
});
export type ProductPageData = v.InferOutput<typeof ProductPageDataSchema>;

export const ProductPagesAnswerSchema = v.object({
  results: v.array(ProductPageDataSchema),
  count: v.number(),
  /** Pass as `after` for the next batch; null after the last one. */
  next: v.nullable(v.number()),
});
export type ProductPagesAnswer = v.InferOutput<typeof ProductPagesAnswerSchema>;
