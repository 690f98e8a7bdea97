// The choices of the filter panel, built on the server from categories/tree/ and
// custom-fields/product/ and handed to the island as small props.
import type { CategoryTreeNode, CustomFieldDefinition } from '../contract/catalogue-extras';

export interface CategoryOption {
  slug: string;
  name: string;
  children: CategoryOption[];
}

export interface FilterField {
  key: string;
  name: string;
  values: { value: string; label: string }[];
}

export const toCategoryOptions = (nodes: CategoryTreeNode[]): CategoryOption[] =>
  nodes.map((n) => ({ slug: n.slug, name: n.name, children: toCategoryOptions(n.children) }));

/** Every option of a tree, parents before their children. */
export const flattenCategories = (options: CategoryOption[]): CategoryOption[] =>
  options.flatMap((o) => [o, ...flattenCategories(o.children)]);

/** The subtree below a category (its children and their descendants); [] when unknown or a leaf. */
export function categoriesBelow(options: CategoryOption[], slug: string): CategoryOption[] {
  return flattenCategories(options).find((o) => o.slug === slug)?.children ?? [];
}

/** Product fields with a closed list of values (shop: bestseller, new; season: …). */
export const toFilterFields = (definitions: CustomFieldDefinition[]): FilterField[] =>
  definitions
    .filter((d) => d.kind === 'choice' && d.values.length > 0)
    .map((d) => ({ key: d.key, name: d.name, values: d.values.map((v) => ({ value: v.value, label: v.localized_value || v.value })) }));

/** The product field that carries the selling season (spec: seasons, off unless SEASONS_ENABLED). */
export const SEASON_FIELD_KEY = 'season';

/** The filter fields to offer: the season filter only while seasons are switched on. */
export const visibleFilterFields = (fields: FilterField[], seasonsOn: boolean): FilterField[] =>
  seasonsOn ? fields : fields.filter((f) => f.key !== SEASON_FIELD_KEY);
