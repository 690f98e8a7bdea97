// A product strip, laid out like ProductStrip.astro, with the shop's one ProductCard. Products
// come from the page (fetched at build time) or, in the editor preview, from the browser;
// undefined means still loading. Stock is live: on a static page the cards' badges are filled
// by the plain filler script (src/lib/live/live-filler.ts) from the texts below; in the
// editor-preview island the cards read the live store, which the preview seeds.
import { useStore } from '@nanostores/react';
import type { ProductSummary } from '../../lib/contract/products';
import type { Locale } from '../../lib/i18n/locales';
import { toCardProduct } from '../../lib/listing/card-product';
import { listingText } from '../../lib/listing/messages';
import { $liveProducts } from '../../lib/live/live-products';
import { stockTextsJson } from '../../lib/live/stock-badge';
import { productBlockMoreHref, type ProductsBlock as ProductsBlockData } from '../../lib/page-builder-products';
import ProductCard from '../listing/ProductCard';
import type { BlockLabels } from './block-labels';

interface Props {
  locale: Locale;
  block: ProductsBlockData;
  products: ProductSummary[] | undefined;
  labels: BlockLabels;
  /** Unique on the page: names the section through its heading. */
  id: string;
}

export default function ProductsBlock({ locale, block, products, labels, id }: Props) {
  // Empty while rendering static HTML (nothing fills the store on the server).
  const live = useStore($liveProducts);
  if (products && products.length === 0) return null;
  const moreHref = productBlockMoreHref(block);
  // The card reads only the product.* strings, which is all the labels carry.
  const text = listingText(locale, labels.card);
  return (
    <section aria-labelledby={id} className="container mt-10" data-block="products" aria-busy={products ? undefined : true}>
      <div className="flex items-end justify-between gap-4 border-b-2 border-primary pb-2">
        <h2 id={id} className="m-0 text-2xl font-bold text-secondary">{block.title}</h2>
        {moreHref && products && (
          <a href={moreHref} className="link text-sm font-semibold">{labels.seeAll}<span className="sr-only">: {block.title}</span></a>
        )}
      </div>
      {products ? (
        <ul className="m-0 mt-4 grid list-none grid-cols-2 gap-3 p-0 md:grid-cols-3 lg:grid-cols-4">
          {products.map((p) => (
            <li key={p.id} className="flex"><ProductCard product={toCardProduct(p)} text={text} stock={live[p.id]?.stock_state ?? 'pending'} /></li>
          ))}
        </ul>
      ) : (
        <p className="mb-0 mt-4 text-muted">{labels.loadingProducts}</p>
      )}
      {products && <script type="application/json" data-live-stock-text dangerouslySetInnerHTML={{ __html: stockTextsJson((key) => text.t(key)) }} />}
    </section>
  );
}
