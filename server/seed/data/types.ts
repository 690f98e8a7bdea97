// Shapes of the hand-written demo catalogue. The seed turns these into database rows,
// generates the product images and derives prices per customer, relations and stock.
import type { Block } from '../../../src/lib/contract/page-blocks';

export type Locale = 'it' | 'en' | 'es';
/** A text in every shop language. Italian is the default and the fallback. */
export type L10n = Record<Locale, string>;

export interface SeedCategory {
  /** Stable, URL-safe, Italian-based slug, unique across all categories (e.g. "tappi-e-tappatrici"). */
  slug: string;
  name: L10n;
  /** Two or three sentences for the category page. */
  description: L10n;
  /** Category colour (custom field "color"), a hex like "#7B2D26". */
  color: string;
  /** Slug of the parent category; absent for a top category. */
  parent?: string;
}

export interface SeedVariant {
  /** Unique across all products and variants, e.g. "ENO-0012-750". */
  code: string;
  /** What distinguishes it: "750 ml", "5 kg", "Rosso"... */
  name: L10n;
  /** Price difference to the parent's standard price in EUR (may be negative, or 0). */
  priceDelta: number;
  stock: number;
}

export interface SeedProduct {
  /** Unique SKU, e.g. "ENO-0012". Prefix ENO- enology, BIR- homebrewing, GIA- gardening. */
  code: string;
  /** Unique URL slug, lowercase ascii with dashes, based on the Italian name. */
  slug: string;
  /** Slug of the (sub)category it belongs to. */
  category: string;
  /** Short product name as shown on cards ("Tappatrice a leva"). */
  name: L10n;
  /** Full title for the product page ("Tappatrice a leva in acciaio per tappi da 24 mm"). */
  title: L10n;
  /** One sentence for cards and meta descriptions. */
  summary: L10n;
  /** Two to four short paragraphs separated by "\n\n": use, features, dosage or sizes. */
  description: L10n;
  /** Manufacturer or brand (fictional or generic, never a real trademark). */
  brand: string;
  /** Net list price in EUR, two decimals at most. */
  standardPrice: number;
  /** Discounted price in EUR when on special offer; lower than standardPrice. */
  specialPrice?: number;
  /** Units in stock: use plenty (50-500), low (1-5), and 0 for some. */
  stock: number;
  /** Whether it can be ordered beyond stock. */
  backorderable: boolean;
  /** Custom field shop: "bestseller" or "new" on some products. */
  shop?: 'bestseller' | 'new';
  /** Sales unit: "pz", "kg", "l", "conf". */
  unit: string;
  /** Shipping weight in kg. */
  weightKg: number;
  variants?: SeedVariant[];
  /** Codes of other products in the catalogue that are spare parts or consumables for this one. */
  spareParts?: string[];
  /** A motif for the generated picture: one of the icon names in IMAGE_MOTIFS. */
  motif: ImageMotif;
}

export const IMAGE_MOTIFS = [
  'bottle', 'demijohn', 'cork', 'barrel', 'grape', 'yeast', 'thermometer', 'filter', 'press',
  'hop', 'grain', 'kettle', 'fermenter', 'glass', 'seed', 'leaf', 'pot', 'watering-can',
  'shovel', 'hose', 'fertilizer', 'flower', 'tool', 'brush', 'bag',
] as const;
export type ImageMotif = (typeof IMAGE_MOTIFS)[number];

export interface SeedNewsPost {
  slug: string;
  /** ISO date (YYYY-MM-DD) in 2026. */
  date: string;
  title: L10n;
  excerpt: L10n;
  /** Several paragraphs separated by "\n\n". */
  body: L10n;
  motif: ImageMotif;
}

export interface SeedSlide {
  title: L10n;
  subtitle: L10n;
  /** Button label and target path (a shop route such as "/c/enologia" or "/p"). */
  cta: L10n;
  href: string;
  motif: ImageMotif;
  /** Background colour hex. */
  color: string;
}

export interface SeedContentPage {
  /** Route slug, served at "/<slug>". */
  slug: string;
  title: L10n;
  /** Meta description. */
  description: L10n;
  /** Page-builder blocks per locale (same structure in each language). */
  blocks: Record<Locale, Block[]>;
}
