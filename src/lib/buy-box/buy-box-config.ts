// What BuyBox.astro hands the buy box script in a JSON block: the product's and versions' ids and
// public prices (the price a failed live call falls back to) and the strings the script writes.
import type { MessageTree } from '../i18n/client-messages';
import type { BuyBoxItem } from './buy-box-view';

/** What BuyBox.astro hands the script (`<script type="application/json" data-buy-box-config>`). */
export interface BuyBoxConfig {
  product: BuyBoxItem;
  variants: BuyBoxItem[];
  messages: MessageTree;
}

const isItem = (value: unknown): value is BuyBoxItem =>
  typeof value === 'object' && value !== null && Number.isInteger((value as BuyBoxItem).id) && typeof (value as BuyBoxItem).price === 'number';

export function parseBuyBoxConfig(text: string | null | undefined): BuyBoxConfig | null {
  try {
    const raw = JSON.parse(text ?? 'null') as Partial<BuyBoxConfig> | null;
    if (!raw || !isItem(raw.product) || !Array.isArray(raw.variants) || !raw.variants.every(isItem)) return null;
    if (typeof raw.messages !== 'object' || raw.messages === null) return null;
    return { product: raw.product, variants: raw.variants, messages: raw.messages };
  } catch {
    return null;
  }
}
