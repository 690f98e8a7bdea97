import type { Block } from '../../lib/contract/page-blocks';
import { safeHref } from '../../lib/rules/safe-link';

interface Props {
  block: Extract<Block, { type: 'hero' }>;
  /** The page title, shown as the h1 above the hero's own title (first hero of a page). */
  pageTitle?: string;
  /** Level of the hero title; 0 when the page title above it is the heading. */
  level: number;
}

export default function HeroBlock({ block, pageTitle, level }: Props) {
  const ctaHref = safeHref(block.cta?.href);
  const titleClass = 'm-0 max-w-4xl text-3xl font-extrabold leading-tight md:text-5xl';
  const Title = level > 0 ? (`h${Math.min(level, 6)}` as 'h1' | 'h2') : 'p';
  return (
    <div className="bg-secondary text-inverse" data-block="hero">
      <div className="container py-12 md:py-16">
        {pageTitle && (
          <h1 className="mb-3 mt-0 border-l-4 border-primary pl-3 text-sm font-bold uppercase tracking-wider text-inverse">{pageTitle}</h1>
        )}
        <Title className={titleClass}>{block.title}</Title>
        {block.subtitle && <p className="mb-0 mt-4 max-w-3xl text-lg leading-relaxed">{block.subtitle}</p>}
        {block.cta && ctaHref && (
          <p className="mb-0 mt-6">
            <a href={ctaHref} className="btn-primary">{block.cta.label}</a>
          </p>
        )}
      </div>
    </div>
  );
}
