// The blocks made of text alone: heading, paragraph, list, features, quote, call to action.
import type { Block } from '../../lib/contract/page-blocks';
import { safeHref } from '../../lib/rules/safe-link';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;
type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
const headingTag = (level: number) => `h${Math.min(Math.max(level, 2), 6)}` as HeadingTag;

const HEADING_SIZE: Record<HeadingTag, string> = {
  h2: 'text-2xl md:text-3xl',
  h3: 'text-xl md:text-2xl',
  h4: 'text-lg',
  h5: 'text-base',
  h6: 'text-base',
};

export function HeadingBlock({ block, level }: { block: Of<'heading'>; level: number }) {
  const Tag = headingTag(level);
  return (
    <div className="container mt-10" data-block="heading">
      <Tag className={`m-0 max-w-3xl font-bold text-secondary ${HEADING_SIZE[Tag]}`}>{block.text}</Tag>
    </div>
  );
}

export function ParagraphBlock({ block }: { block: Of<'paragraph'> }) {
  return (
    <div className="container mt-4" data-block="paragraph">
      <p className="m-0 max-w-3xl text-lg leading-relaxed whitespace-pre-line">{block.text}</p>
    </div>
  );
}

export function ListBlock({ block }: { block: Of<'list'> }) {
  return (
    <div className="container mt-4" data-block="list">
      <ul className="m-0 max-w-3xl list-disc space-y-2 pl-6 text-lg leading-relaxed marker:text-primary-strong">
        {block.items.map((item, i) => <li key={i}>{item}</li>)}
      </ul>
    </div>
  );
}

// Whole class names (not built from numbers) so the CSS generator finds them.
const FEATURE_COLUMNS: Record<number, string> = {
  1: '',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 md:grid-cols-3',
};
const MANY_COLUMNS = 'sm:grid-cols-2 lg:grid-cols-4';

export function FeaturesBlock({ block, level }: { block: Of<'features'>; level: number }) {
  const Tag = headingTag(level);
  return (
    <div className="container mt-8" data-block="features">
      <ul className={`m-0 grid list-none gap-4 p-0 ${FEATURE_COLUMNS[block.items.length] ?? MANY_COLUMNS}`}>
        {block.items.map((item, i) => (
          <li key={i} className="border-t-4 border-primary bg-surface p-5">
            <Tag className="m-0 text-lg font-bold text-secondary">{item.title}</Tag>
            <p className="mb-0 mt-2 leading-relaxed">{item.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function QuoteBlock({ block }: { block: Of<'quote'> }) {
  return (
    <div className="container mt-10" data-block="quote">
      <figure className="m-0 max-w-3xl border-l-4 border-primary pl-6">
        <blockquote className="m-0 text-xl italic leading-relaxed text-secondary">
          <p className="m-0">“{block.text}”</p>
        </blockquote>
        {block.author && <figcaption className="mt-3 text-sm font-semibold text-muted">— {block.author}</figcaption>}
      </figure>
    </div>
  );
}

export function CtaBlock({ block }: { block: Of<'cta'> }) {
  const href = safeHref(block.href);
  return (
    <div className="container mt-10" data-block="cta">
      <div className="flex flex-col gap-4 border-l-4 border-primary bg-surface p-6 md:flex-row md:items-center md:justify-between">
        {block.text && <p className="m-0 max-w-3xl text-lg">{block.text}</p>}
        {href && <a href={href} className="btn-primary shrink-0 self-start md:self-auto">{block.label}</a>}
      </div>
    </div>
  );
}
