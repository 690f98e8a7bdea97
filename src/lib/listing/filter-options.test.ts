import { describe, expect, it } from 'vitest';
import type { CategoryTreeNode } from '../contract/catalogue-extras';
import { categoriesBelow, flattenCategories, SEASON_FIELD_KEY, toCategoryOptions, toFilterFields, visibleFilterFields } from './filter-options';

const node = (slug: string, children: CategoryTreeNode[] = []): CategoryTreeNode => ({
  id: 0, slug, name: slug.toUpperCase(), color: null, parent_id: null, depth: 0, children,
});
const tree = [node('enologia', [node('tappi-e-tappatrici', [node('tappi-in-sughero'), node('tappatrici')]), node('filtrazione')]), node('luppoli')];

describe('filter options', () => {
  it('keeps the tree shape and flattens parents first', () => {
    const options = toCategoryOptions(tree);
    expect(flattenCategories(options).map((o) => o.slug)).toEqual([
      'enologia', 'tappi-e-tappatrici', 'tappi-in-sughero', 'tappatrici', 'filtrazione', 'luppoli',
    ]);
  });

  it('finds the subtree below a category at any level', () => {
    const options = toCategoryOptions(tree);
    expect(flattenCategories(categoriesBelow(options, 'enologia')).map((o) => o.slug)).toEqual([
      'tappi-e-tappatrici', 'tappi-in-sughero', 'tappatrici', 'filtrazione',
    ]);
    expect(categoriesBelow(options, 'tappi-in-sughero')).toEqual([]);
    expect(categoriesBelow(options, 'nowhere')).toEqual([]);
  });

  it('offers only choice fields that have values', () => {
    expect(
      toFilterFields([
        { id: 1, key: 'shop', applies_to: 'product', kind: 'choice', name: 'Vetrina', values: [{ id: 1, value: 'new', localized_value: 'Novità' }] },
        { id: 2, key: 'note', applies_to: 'product', kind: 'text', name: 'Nota', values: [] },
        { id: 3, key: 'empty', applies_to: 'product', kind: 'choice', name: 'Vuoto', values: [] },
      ]),
    ).toEqual([{ key: 'shop', name: 'Vetrina', values: [{ value: 'new', label: 'Novità' }] }]);
  });
});

describe('season filter (issue 14 item 12)', () => {
  const fields = [
    { key: 'shop', name: 'Vetrina', values: [{ value: 'new', label: 'Novità' }] },
    { key: SEASON_FIELD_KEY, name: 'Stagione', values: [{ value: 'vendemmia-2026', label: 'Vendemmia 2026' }] },
  ];
  it('is hidden while seasons are switched off, shown when they are on', () => {
    expect(visibleFilterFields(fields, false).map((f) => f.key)).toEqual(['shop']);
    expect(visibleFilterFields(fields, true).map((f) => f.key)).toEqual(['shop', 'season']);
  });
});
