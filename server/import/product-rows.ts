// Reading the rows of a products file. A row is a product, or, when its `variant_of` cell names
// a product of the same file, one of that product's variants (a size, capacity or pack).
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/lib/contract/locales';
import { RELATION_KINDS, type RelationKind } from '../db/schema';
import {
  booleanCell, codeCell, decimalCell, integerCell, pictureNameCell, priceCell, readCell, slugCell, splitList, textCell,
} from './cell-values';
import { customFieldColumns, localizedName, type RowCells, type ColumnSet } from './column-set';
import type { SourceTable } from './read-rows';

/** Relation columns, one per kind, each a list of product codes ("ENO-0012|ENO-0040"). */
export const RELATION_COLUMNS: Record<string, RelationKind> = {
  related: 'Related',
  upselling: 'Upselling',
  crosselling: 'Crosselling',
  spare_parts: 'Spare parts',
  showcase: 'Showcase',
};
// Every kind the schema knows has its column.
RELATION_KINDS.forEach((kind) => {
  if (!Object.values(RELATION_COLUMNS).includes(kind)) throw new Error(`relation kind ${kind} has no import column`);
});

const TEXT_LIMITS = { name: 200, title: 300, summary: 1_000, description: 20_000 } as const;
type TextField = keyof typeof TEXT_LIMITS;
const TEXT_FIELDS = Object.keys(TEXT_LIMITS) as TextField[];

const PRODUCT_ONLY = ['slug', 'brand', 'vat_rate', 'unit', 'weight_kg', 'published', 'category', 'pictures', ...Object.keys(RELATION_COLUMNS)];

export const PRODUCT_COLUMNS: ColumnSet = {
  kind: 'products',
  fixed: ['code', 'variant_of', 'slug', 'brand', 'price', 'special_price', 'vat_rate', 'unit', 'weight_kg', 'stock', 'published', 'backorderable', 'category', 'pictures', ...Object.keys(RELATION_COLUMNS)],
  localized: TEXT_FIELDS,
  customFields: true,
  required: ['code', 'price', localizedName('name', DEFAULT_LOCALE)],
};

export interface LocaleTexts {
  name: string;
  /** undefined: the column is absent (the shop's text stays, or the name for a new product). */
  title?: string;
  summary?: string;
  description?: string;
}

export interface ProductRow {
  line: number;
  code: string;
  slug: string;
  brand: string | null;
  price: number;
  /** undefined: column absent (kept); null: cleared. */
  specialPrice: number | null | undefined;
  vatRate: number | null;
  unit: string | null;
  weightKg: number | null;
  stock: number | null;
  published: boolean | null;
  backorderable: boolean | null;
  texts: Partial<Record<Locale, LocaleTexts>>;
  clearedLocales: Locale[];
  /** Category slugs or paths as written, the first is the main one; undefined when the column is absent. */
  categories?: string[];
  relations: { kind: RelationKind; codes: string[] }[];
  pictures?: string[];
  custom: { key: string; values: string[] }[];
}

export interface VariantRow {
  line: number;
  code: string;
  productCode: string;
  names: Partial<Record<Locale, string>>;
  /** Languages whose name column is present (their names are replaced, or removed when empty). */
  namedLocales: Locale[];
  price: number;
  specialPrice: number | null | undefined;
  stock: number | null;
  backorderable: boolean | null;
}

const stockCell = integerCell('a stock quantity (a whole number)');
const vatCell = decimalCell('a VAT rate (e.g. 22 or 10)', 100);
const weightCell = decimalCell('a weight in kg (e.g. 0,75)', 9_999_999);

function specialPrice(cells: RowCells) {
  if (!cells.has('special_price')) return undefined;
  return cells.read('special_price', priceCell) ?? null;
}

function readTexts(cells: RowCells) {
  const texts: ProductRow['texts'] = {};
  const clearedLocales: Locale[] = [];
  for (const locale of LOCALES) {
    const nameColumn = localizedName('name', locale);
    if (!cells.has(nameColumn)) continue;
    const name = cells.read(nameColumn, textCell(TEXT_LIMITS.name), { required: locale === DEFAULT_LOCALE });
    if (!name) {
      if (locale !== DEFAULT_LOCALE) clearedLocales.push(locale);
      continue;
    }
    const entry: LocaleTexts = { name };
    for (const field of ['title', 'summary', 'description'] as const) {
      const column = localizedName(field, locale);
      if (cells.has(column)) entry[field] = cells.read(column, textCell(TEXT_LIMITS[field])) ?? '';
    }
    if (entry.title === '') entry.title = name;
    texts[locale] = entry;
  }
  return { texts, clearedLocales };
}

export function readProductRow(cells: RowCells, table: SourceTable): ProductRow | undefined {
  const code = cells.read('code', codeCell, { required: true });
  const slug = cells.read('slug', slugCell, { required: true });
  const price = cells.read('price', priceCell, { required: true });
  const { texts, clearedLocales } = readTexts(cells);
  const special = specialPrice(cells);
  if (price !== undefined && special != null && special >= price) cells.problem('special_price', `is not lower than the price (${price})`, cells.raw('special_price'));
  const relations = Object.entries(RELATION_COLUMNS)
    .filter(([column]) => cells.has(column))
    .map(([column, kind]) => {
      const codes = splitList(cells.read(column, textCell(20_000)) ?? '').filter((c) => {
        const checked = readCell(codeCell, c);
        if (!checked.ok) cells.problem(column, 'is not a product code', c);
        return checked.ok;
      });
      return { kind, codes };
    });
  let pictures: string[] | undefined;
  if (cells.has('pictures')) {
    pictures = splitList(cells.read('pictures', textCell(10_000)) ?? '').filter((name) => {
      const checked = readCell(pictureNameCell, name);
      if (!checked.ok) cells.problem('pictures', checked.message, name);
      return checked.ok;
    });
  }
  const custom = customFieldColumns(table)
    .filter(({ column }) => cells.has(column))
    .map(({ column, key }) => ({ key, values: splitList(cells.read(column, textCell(2_000)) ?? '') }));
  const row: ProductRow = {
    line: cells.line,
    code: code ?? '',
    slug: slug ?? '',
    brand: cells.has('brand') ? (cells.read('brand', textCell(200)) ?? '') : null,
    price: price ?? 0,
    specialPrice: special,
    vatRate: cells.read('vat_rate', vatCell) ?? (cells.has('vat_rate') ? 22 : null),
    unit: cells.has('unit') ? (cells.read('unit', textCell(20)) ?? 'pz') : null,
    weightKg: cells.read('weight_kg', weightCell) ?? (cells.has('weight_kg') ? 0 : null),
    stock: cells.read('stock', stockCell) ?? null,
    published: cells.read('published', booleanCell) ?? (cells.has('published') ? true : null),
    backorderable: cells.read('backorderable', booleanCell) ?? (cells.has('backorderable') ? false : null),
    texts,
    clearedLocales,
    categories: cells.has('category') ? splitList(cells.read('category', textCell(2_000)) ?? '') : undefined,
    relations,
    pictures,
    custom,
  };
  return code && slug && price !== undefined ? row : undefined;
}

export function readVariantRow(cells: RowCells, productCode: string): VariantRow | undefined {
  const code = cells.read('code', codeCell, { required: true });
  for (const column of PRODUCT_ONLY) {
    const raw = cells.raw(column);
    if (raw !== undefined && raw.trim() !== '') cells.problem(column, 'does not apply to a variant row (it belongs on the product\'s row)', raw);
  }
  for (const locale of LOCALES) {
    for (const field of ['title', 'summary', 'description'] as const) {
      const raw = cells.raw(localizedName(field, locale));
      if (raw !== undefined && raw.trim() !== '') cells.problem(localizedName(field, locale), 'does not apply to a variant row (a variant has a name only)', raw);
    }
  }
  const names: VariantRow['names'] = {};
  const namedLocales: Locale[] = [];
  for (const locale of LOCALES) {
    const column = localizedName('name', locale);
    if (!cells.has(column)) continue;
    namedLocales.push(locale);
    const name = cells.read(column, textCell(TEXT_LIMITS.name), { required: locale === DEFAULT_LOCALE });
    if (name) names[locale] = name;
  }
  const price = cells.read('price', priceCell, { required: true });
  const special = specialPrice(cells);
  if (price !== undefined && special != null && special >= price) cells.problem('special_price', `is not lower than the price (${price})`, cells.raw('special_price'));
  if (!code || price === undefined) return undefined;
  return {
    line: cells.line,
    code,
    productCode,
    names,
    namedLocales,
    price,
    specialPrice: special,
    stock: cells.read('stock', stockCell) ?? null,
    backorderable: cells.read('backorderable', booleanCell) ?? null,
  };
}
