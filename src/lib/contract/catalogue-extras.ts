// Categories (tree, detail, ancestors), custom fields and documents of the shop API.
import * as v from 'valibot';
import { ContextQuerySchema, IdSchema, PageQuerySchema } from './common';
import { CategoryBriefSchema } from './product-detail';
import { DOCUMENT_CATEGORIES } from './constants';

export const DEFAULT_TAXONOMY = 'Default';

/** A category named by id or by slug. */
export const CategoryRefSchema = v.pipe(
  v.string(),
  v.regex(/^(\d{1,9}|[a-z0-9-]{1,120})$/, 'Give a category id or slug.'),
  v.transform((s): { id: number } | { slug: string } => (/^\d{1,9}$/.test(s) ? { id: Number(s) } : { slug: s })),
);

const Taxonomy = v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[\w -]{1,60}$/, 'Invalid taxonomy.')), DEFAULT_TAXONOMY);

/** GET categories/tree/: the whole tree of a taxonomy, or the subtree under `root`. */
export const CategoryTreeQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  taxonomy: Taxonomy,
  root: v.optional(CategoryRefSchema),
});

/** GET categories/ancestors/. */
export const CategoryAncestorsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  category: CategoryRefSchema,
});

export interface CategoryTreeNode {
  id: number;
  slug: string;
  name: string;
  color: string | null;
  parent_id: number | null;
  depth: number;
  children: CategoryTreeNode[];
}

export const CategoryTreeNodeSchema: v.GenericSchema<CategoryTreeNode> = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  color: v.nullable(v.string()),
  parent_id: v.nullable(v.number()),
  depth: v.number(),
  children: v.array(v.lazy(() => CategoryTreeNodeSchema)),
});

export const CategoryColourRefSchema = v.object({ ...CategoryBriefSchema.entries, color: v.nullable(v.string()) });
export type CategoryColourRef = v.InferOutput<typeof CategoryColourRefSchema>;

/** GET categories/{id}/ (id or slug). */
export const CategoryDetailSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  color: v.nullable(v.string()),
  depth: v.number(),
  taxonomy: v.string(),
  parent: v.nullable(CategoryBriefSchema),
  children: v.array(CategoryColourRefSchema),
  /** Root first, without the category itself. */
  ancestors: v.array(CategoryBriefSchema),
  /** Published products in the category or any category below it. */
  product_count: v.number(),
});
export type CategoryDetail = v.InferOutput<typeof CategoryDetailSchema>;

export const CUSTOM_FIELD_TARGETS = ['product', 'variant', 'user', 'category'] as const;
export type CustomFieldTarget = (typeof CUSTOM_FIELD_TARGETS)[number];

/** GET custom-fields/product/: `p` product fields (default), `pp` variant fields. */
export const ProductCustomFieldsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  type: v.optional(v.picklist(['p', 'pp'], 'Type must be p (product) or pp (variant).'), 'p'),
});

export const CustomFieldOptionSchema = v.object({
  id: v.number(),
  value: v.string(),
  localized_value: v.string(),
});
export type CustomFieldOption = v.InferOutput<typeof CustomFieldOptionSchema>;

export const CUSTOM_FIELD_KINDS = ['choice', 'text', 'color'] as const;

export const CustomFieldDefinitionSchema = v.object({
  id: v.number(),
  key: v.string(),
  applies_to: v.picklist(CUSTOM_FIELD_TARGETS),
  kind: v.picklist(CUSTOM_FIELD_KINDS),
  name: v.string(),
  values: v.array(CustomFieldOptionSchema),
});
export type CustomFieldDefinition = v.InferOutput<typeof CustomFieldDefinitionSchema>;

export { DOCUMENT_CATEGORIES, type DocumentCategory } from './constants';
export const DOCUMENT_ORDER_FIELDS = ['created_at', 'title', 'category'] as const;
export type DocumentOrderField = (typeof DOCUMENT_ORDER_FIELDS)[number];

/** GET documents/: public documents, plus the customer's own for a customer (or an agent naming one). */
export const DocumentListQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  ...PageQuerySchema.entries,
  order_by: v.optional(v.string()),
  category: v.optional(v.picklist(DOCUMENT_CATEGORIES, `Category must be one of: ${DOCUMENT_CATEGORIES.join(', ')}.`)),
  customer: v.optional(IdSchema),
});

export const ShopDocumentSchema = v.object({
  id: v.number(),
  category: v.picklist(DOCUMENT_CATEGORIES),
  title: v.string(),
  description: v.string(),
  file_name: v.string(),
  /** Where to download it. */
  url: v.string(),
  mime_type: v.string(),
  size_bytes: v.number(),
  /** The customer it belongs to; null for public documents. */
  customer: v.nullable(v.number()),
  created_at: v.string(),
});
export type ShopDocument = v.InferOutput<typeof ShopDocumentSchema>;
