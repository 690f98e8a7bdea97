// Page arithmetic of a product list (spec section 3: pageCount = ceil(count / pageSize)).

export const pageCountOf = (count: number, pageSize: number) => (count > 0 && pageSize > 0 ? Math.ceil(count / pageSize) : 0);

/** A page within [1, pageCount] (page 1 when the list is empty). */
export const clampPage = (page: number, pageCount: number) => Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pageCount));

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number };

/**
 * The numbered links: first, last, and the current page with `siblings` on each side; a gap
 * stands for two or more hidden pages (a single hidden page is shown instead).
 */
export function paginationItems(page: number, pageCount: number, siblings = 1): PageItem[] {
  if (pageCount < 1) return [];
  const current = clampPage(page, pageCount);
  const shown = new Set<number>([1, pageCount]);
  for (let p = current - siblings; p <= current + siblings; p++) if (p >= 1 && p <= pageCount) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((p, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (previous !== undefined && p - previous > 2) items.push({ kind: 'gap', after: previous });
    items.push({ kind: 'page', page: p });
  });
  return items;
}
