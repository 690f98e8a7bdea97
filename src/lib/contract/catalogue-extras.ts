// Categories (tree, detail, ancestors), custom fields and documents of the shop API.
import * as v from 'valibot';
import { ContextQuerySchema, IdSchema, PageQuerySchema } from './common';
import type { CategoryRef } from './product-detail';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from './constants';

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

export interface CategoryColourRef extends CategoryRef {
  color: string | null;
}

/** GET categories/{id}/ (id or slug). */
export interface CategoryDetail {
  id: number;
  slug: string;
  name: string;
  description: string;
  color: string | null;
  depth: number;
  taxonomy: string;
  parent: CategoryRef | null;
  children: CategoryColourRef[];
  /** Root first, without the category itself. */
  ancestors: CategoryRef[];
  /** Published products in the category or any category below it. */
  product_count: number;
}

export const CUSTOM_FIELD_TARGETS = ['product', 'variant', 'user', 'category'] as const;
export type CustomFieldTarget = (typeof CUSTOM_FIELD_TARGETS)[number];

/** GET custom-fields/product/: `p` product fields (default), `pp` variant fields. */
export const ProductCustomFieldsQuerySchema = v.object({
  ...ContextQuerySchema.entries,
  type: v.optional(v.picklist(['p', 'pp'], 'Type must be p (product) or pp (variant).'), 'p'),
});

export interface CustomFieldOption {
  id: number;
  value: string;
  localized_value: string;
}

export interface CustomFieldDefinition {
  id: number;
  key: string;
  applies_to: CustomFieldTarget;
  kind: 'choice' | 'text' | 'color';
  name: string;
  values: CustomFieldOption[];
}

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

export interface ShopDocument {
  id: number;
  category: DocumentCategory;
  title: string;
  description: string;
  file_name: string;
  /** Where to download it. */
  url: string;
  mime_type: string;
  size_bytes: number;
  /** The customer it belongs to; null for public documents. */
  customer: number | null;
  created_at: string;
}
