// What a "products" block asks the API for, the same at build time and in the editor preview.
import type { Query } from './api/client';
import type { Block } from './contract/page-blocks';

export type ProductsBlock = Extract<Block, { type: 'products' }>;

export const PRODUCT_BLOCK_DEFAULT_LIMIT = 8;
export const PRODUCT_BLOCK_MAX_LIMIT = 24;

export function productBlockLimit(block: ProductsBlock): number {
  const limit = Math.trunc(block.limit ?? PRODUCT_BLOCK_DEFAULT_LIMIT);
  return Math.min(Math.max(Number.isFinite(limit) ? limit : PRODUCT_BLOCK_DEFAULT_LIMIT, 1), PRODUCT_BLOCK_MAX_LIMIT);
}

/** GET products/p/ parameters: by custom field (key:value) and/or category with its subcategories. */
export function productBlockQuery(block: ProductsBlock): Query {
  return {
    page_size: productBlockLimit(block),
    ...(block.customField ? { custom_field: `${block.customField.key}:${block.customField.value}` } : {}),
    ...(block.category ? { categories: block.category, include_cat_descendants: true } : {}),
    ...(block.onOffer ? { on_offer: true } : {}),
  };
}

/** Where "see all" leads: the category page, or the listing filtered the same way. */
export function productBlockMoreHref(block: ProductsBlock): string | null {
  if (block.category) return `/c/${encodeURIComponent(block.category)}`;
  if (block.customField) return `/p?custom_field=${encodeURIComponent(block.customField.key)}:${encodeURIComponent(block.customField.value)}`;
  return null;
}
