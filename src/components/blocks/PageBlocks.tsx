// The one block renderer: content pages render it to static HTML at build time, the editor
// preview hydrates it, so editors see exactly what the live page will be.
import type { ProductSummary } from '../../lib/contract/products';
import type { Locale } from '../../lib/i18n/locales';
import type { Block } from '../../lib/contract/page-blocks';
import type { BlockLabels } from './block-labels';
import CouponBlock from './CouponBlock';
import HeroBlock from './HeroBlock';
import { outlineBlocks } from './heading-outline';
import ProductsBlock from './ProductsBlock';
import { CtaBlock, FeaturesBlock, HeadingBlock, ListBlock, ParagraphBlock, QuoteBlock } from './TextBlocks';

/** Products of the document's "products" blocks, by block index; a missing entry is still loading. */
export type BlockProducts = Partial<Record<number, ProductSummary[]>>;

interface Props {
  locale: Locale;
  /** The page title: the page's only h1. */
  title?: string;
  blocks: Block[];
  products: BlockProducts;
  labels: BlockLabels;
}

export default function PageBlocks({ locale, title, blocks, products, labels }: Props) {
  const rendersHeading = (i: number) => blocks[i]?.type !== 'products' || products[i]?.length !== 0;
  const { titleInHero, levels } = outlineBlocks(blocks, Boolean(title), rendersHeading);
  return (
    <div className="pb-4" data-page-blocks>
      {title && !titleInHero && (
        <div className="container mt-8">
          <h1 className="m-0 text-3xl font-bold text-secondary md:text-4xl">{title}</h1>
        </div>
      )}
      {blocks.map((block, i) => {
        const level = levels[i] ?? 0;
        switch (block.type) {
          case 'hero':
            return <HeroBlock key={i} block={block} level={level} pageTitle={i === 0 && titleInHero ? title : undefined} />;
          case 'heading':
            return <HeadingBlock key={i} block={block} level={level} />;
          case 'paragraph':
            return <ParagraphBlock key={i} block={block} />;
          case 'list':
            return <ListBlock key={i} block={block} />;
          case 'features':
            return <FeaturesBlock key={i} block={block} level={level} />;
          case 'quote':
            return <QuoteBlock key={i} block={block} />;
          case 'cta':
            return <CtaBlock key={i} block={block} />;
          case 'products':
            return <ProductsBlock key={i} id={`block-${i}-title`} locale={locale} block={block} products={products[i]} labels={labels} />;
          case 'coupon':
            return <CouponBlock key={i} block={block} labels={labels} />;
          default:
            return null;
        }
      })}
    </div>
  );
}
