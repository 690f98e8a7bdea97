// The page-builder document format: content pages and canvases are lists of blocks, rendered
// by one block renderer on live pages and in the editor preview alike. It is part of the contract
// (no valibot here) because the API answers it and the database schema stores it as JSON.

export type Block =
  | { type: 'hero'; title: string; subtitle?: string; cta?: { label: string; href: string } }
  | { type: 'heading'; level: 2 | 3; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'features'; items: { title: string; text: string }[] }
  | { type: 'quote'; text: string; author?: string }
  | { type: 'cta'; label: string; href: string; text?: string }
  /**
   * A product strip chosen by custom field (e.g. shop = bestseller) or category slug; with onOffer
   * only the products on offer (offer price below list price) among them.
   */
  | { type: 'products'; title: string; customField?: { key: string; value: string }; category?: string; onOffer?: boolean; limit?: number }
  /** Shows a coupon code to copy. */
  | { type: 'coupon'; code: string; text: string };

export type BlockType = Block['type'];
export const BLOCK_TYPES: readonly BlockType[] = [
  'hero', 'heading', 'paragraph', 'list', 'features', 'quote', 'cta', 'products', 'coupon',
];
