import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, paginationItems, type PageItem } from './pagination';

const show = (items: PageItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pagination', () => {
  it('counts pages as ceil(count / pageSize)', () => {
    expect(pageCountOf(0, 12)).toBe(0);
    expect(pageCountOf(1, 12)).toBe(1);
    expect(pageCountOf(12, 12)).toBe(1);
    expect(pageCountOf(13, 12)).toBe(2);
    expect(pageCountOf(162, 12)).toBe(14);
  });

  it('clamps a page into the list', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });

  it('shows first, last and the neighbours of the current page', () => {
    expect(show(paginationItems(1, 14))).toBe('1 2 … 14');
    expect(show(paginationItems(7, 14))).toBe('1 … 6 7 8 … 14');
    expect(show(paginationItems(14, 14))).toBe('1 … 13 14');
    expect(show(paginationItems(3, 14))).toBe('1 2 3 4 … 14');
    expect(show(paginationItems(1, 3))).toBe('1 2 3');
    expect(show(paginationItems(1, 1))).toBe('1');
    expect(paginationItems(1, 0)).toEqual([]);
  });
});
