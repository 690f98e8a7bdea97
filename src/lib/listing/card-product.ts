// What a product card shows: the few fields of a ProductSummary the island needs, so the
// prerendered props and the store stay small. Content only: stock comes from the live store
// (src/lib/live/), never from what a page baked in.
import type { Image, ProductPrice, ProductSummary } from '../contract/products';
import { grossOf } from '../rules/vat-display';

export interface CardProduct {
  id: number;
  slug: string;
  code: string;
  name: string;
  brand: string;
  /** The public price as cards show it to everyone: VAT included (src/lib/rules/vat-display.ts). */
  price: Pick<ProductPrice, 'standard_price' | 'special_price'>;
  image: Image | null;
  /** The `shop` custom field (bestseller, new), for the badge. */
  shop: string | null;
}

export const toCardProduct = (p: ProductSummary): CardProduct => ({
  id: p.id,
  slug: p.slug,
  code: p.code,
  name: p.name,
  brand: p.brand,
  price: { standard_price: grossOf(p.price.standard_price, p.vat_rate), special_price: p.price.special_price === null ? null : grossOf(p.price.special_price, p.vat_rate) },
  image: p.image,
  shop: p.custom_fields.find((f) => f.key === 'shop')?.value ?? null,
});
