import type { CustomFieldValue, Image, ProductSummary, StockState } from './products';

export interface Variant {
  id: number;
  code: string;
  name: string;
  price: { standard_price: number; special_price: number | null };
  quantity: number;
  is_backorderable: boolean;
  stock_state: StockState;
}

export interface CategoryRef {
  id: number;
  slug: string;
  name: string;
}

export interface ProductDetail extends Omit<ProductSummary, 'image'> {
  description: string;
  weight_kg: number;
  assets: Image[];
  variants: Variant[];
  categories: CategoryRef[];
  custom_fields: CustomFieldValue[];
}
