// Products of a previewed document's product blocks, fetched in the browser like the build
// fetches them for live pages. A failed call shows the block empty instead of breaking the preview.
import { call } from '../../lib/api/call';
import { createClient } from '../../lib/api/client';
import type { ProductSummary } from '../../lib/contract/products';
import type { Locale } from '../../lib/i18n/locales';
import type { Block } from '../../lib/contract/page-blocks';
import { productBlockQuery } from '../../lib/page-builder-products';

export async function loadPreviewProducts(locale: Locale, blocks: readonly Block[]): Promise<Record<number, ProductSummary[]>> {
  const client = createClient({ locale });
  const entries = await Promise.all(
    blocks.map(async (block, index) => {
      if (block.type !== 'products') return null;
      const result = await call(client, 'listProducts', { query: productBlockQuery(block) });
      return [index, result.ok ? result.data.results : []] as const;
    }),
  );
  return Object.fromEntries(entries.filter((e) => e !== null));
}
