// The one product card: rendered to static HTML on prerendered pages (strips, content blocks)
// and by the listing island, so both look the same. The card carries content only: its stock
// badge is a neutral placeholder (data-live-stock) until the live value is known, filled by the
// static filler script (src/lib/live/live-filler.ts) or given by the island as `stock`.
import { CARD_SIZES, srcsetFor } from '../../lib/images';
import type { CardProduct } from '../../lib/listing/card-product';
import type { ListingText } from '../../lib/listing/messages';
import { EMPTY_BADGE_TEXT, isStockState, stockBadgeClass, stockMessageKey, type StockBadgeView } from '../../lib/live/stock-badge';

interface Props {
  product: CardProduct;
  text: ListingText;
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** The live stock state; static HTML leaves it pending (a placeholder the filler script fills). */
  stock?: StockBadgeView;
}

export default function ProductCard({ product, text, eager = false, headingLevel = 3, stock = 'pending' }: Props) {
  const { t } = text;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { standard_price: standard, special_price: special } = product.price;
  const onOffer = special !== null;
  const cheaper = special !== null && special < standard;
  return (
    <article className="relative flex flex-col border border-line bg-canvas transition-shadow hover:shadow-md focus-within:shadow-md" data-product-card={product.slug}>
      <div className="relative aspect-square bg-surface">
        {product.image && (
          <img
            src={product.image.url}
            srcSet={srcsetFor(product.image.url, product.image.width)}
            sizes={CARD_SIZES}
            alt=""
            width={product.image.width ?? 800}
            height={product.image.height ?? 800}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="block h-full w-full object-cover"
          />
        )}
        <div className="absolute left-2 top-2 flex gap-1">
          {product.shop === 'bestseller' && <span className="bg-secondary px-2 py-0.5 text-xs font-bold text-inverse">{t('product.badges.bestseller')}</span>}
          {product.shop === 'new' && <span className="bg-success-strong px-2 py-0.5 text-xs font-bold text-inverse">{t('product.badges.new')}</span>}
          {onOffer && <span className="bg-primary px-2 py-0.5 text-xs font-bold text-inverse">{t('product.badges.offer')}</span>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="m-0 text-xs text-muted">{`${product.brand} · ${t('product.code', { code: product.code })}`}</p>
        <Heading className="m-0 text-base font-semibold leading-snug">
          <a href={`/p/${product.slug}`} className="text-ink no-underline after:absolute after:inset-0 after:content-empty hover:text-primary-strong focus-ring">{product.name}</a>
        </Heading>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <p className="m-0 flex flex-wrap items-baseline gap-x-2" data-price="">
            {cheaper ? (
              <>
                <span className="text-lg font-bold text-primary-strong"><span className="sr-only">{t('product.specialPrice')}: </span>{text.price(special)}</span>
                <s className="text-muted"><span className="sr-only">{t('product.listPrice')}: </span>{text.price(standard)}</s>
              </>
            ) : (
              <span className="text-lg font-bold text-ink"><span className="sr-only">{t('product.price')}: </span>{text.price(standard)}</span>
            )}
            <span className="text-xs text-muted">{t('product.priceVatIncluded')}</span>
          </p>
          <span
            className={stockBadgeClass(stock)}
            data-live-stock={product.id}
            data-stock-state={isStockState(stock) ? stock : undefined}
            aria-busy={stock === 'pending' ? true : undefined}
          >
            {isStockState(stock) ? t(stockMessageKey(stock)) : EMPTY_BADGE_TEXT}
          </span>
        </div>
      </div>
    </article>
  );
}
