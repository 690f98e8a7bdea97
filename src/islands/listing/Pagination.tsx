// Pages of the list: "page x of n", previous / next and numbered links. They are real links to
// the address of each page (open in a new tab, work before the island starts); a plain click
// is handled in place.
import type { MouseEvent } from 'react';
import type { ListingText } from '../../lib/listing/messages';
import { paginationItems } from '../../lib/listing/pagination';

interface Props {
  page: number;
  pageCount: number;
  hrefOf: (page: number) => string;
  onNavigate: (page: number) => void;
  text: ListingText;
}

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export default function Pagination({ page, pageCount, hrefOf, onNavigate, text }: Props) {
  const { t } = text;
  if (pageCount <= 1) return null;
  const follow = (target: number) => (e: MouseEvent) => {
    if (!plainClick(e)) return;
    e.preventDefault();
    onNavigate(target);
  };
  const linkClass = 'inline-flex min-w-10 items-center justify-center border border-line px-3 py-1.5 no-underline focus-ring';
  return (
    <nav aria-label={t('listing.pagination')} className="mt-8 flex flex-wrap items-center justify-between gap-3" data-listing-pagination="">
      <p className="m-0 text-sm text-muted">{t('listing.pageOf', { page, pageCount })}</p>
      <ul className="m-0 flex list-none flex-wrap items-center gap-1 p-0">
        {page > 1 && (
          <li>
            <a href={hrefOf(page - 1)} rel="prev" onClick={follow(page - 1)} className={`${linkClass} text-secondary hover:bg-surface`}>
              <span aria-hidden="true" className="mr-1">‹</span>
              {t('listing.previous')}
            </a>
          </li>
        )}
        {paginationItems(page, pageCount).map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.after}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item.page}>
              <a
                href={hrefOf(item.page)}
                aria-label={t('listing.pageLabel', { page: item.page })}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={follow(item.page)}
                className={`${linkClass} ${item.page === page ? 'border-secondary bg-secondary font-bold text-inverse' : 'text-secondary hover:bg-surface'}`}
              >
                {item.page}
              </a>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <a href={hrefOf(page + 1)} rel="next" onClick={follow(page + 1)} className={`${linkClass} text-secondary hover:bg-surface`}>
              {t('listing.next')}
              <span aria-hidden="true" className="ml-1">›</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
