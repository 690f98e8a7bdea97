// The custom field values of many products, variants or users at once (one query for a whole
// page), grouped by owner id in the order of key and value.
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Locale } from '../../src/lib/contract/common';
import type { CustomFieldValue } from '../../src/lib/contract/products';
import type { Db } from '../db/client';
import { anyOf, prepared } from '../db/prepared';
import { customFields, customFieldValues, productCustomValues, userCustomValues, variantCustomValues } from '../db/schema';
import { pick } from './localized';

interface ValueLink {
  table: PgTable;
  /** The owner's id column in the link table. */
  owner: PgColumn;
  /** The custom field value's id column in the link table. */
  value: PgColumn;
}

export const CUSTOM_VALUE_LINKS = {
  product: { table: productCustomValues, owner: productCustomValues.productId, value: productCustomValues.valueId },
  variant: { table: variantCustomValues, owner: variantCustomValues.variantId, value: variantCustomValues.valueId },
  user: { table: userCustomValues, owner: userCustomValues.userId, value: userCustomValues.valueId },
} satisfies Record<string, ValueLink>;

export async function customFieldValuesOf(
  db: Db,
  owner: keyof typeof CUSTOM_VALUE_LINKS,
  ids: number[],
  locale: Locale,
): Promise<Map<number, CustomFieldValue[]>> {
  const out = new Map<number, CustomFieldValue[]>();
  if (ids.length === 0) return out;
  const link: ValueLink = CUSTOM_VALUE_LINKS[owner];
  // A named statement per kind of owner (ADR 0035): a listing asks this on every page.
  const rows = await prepared(db, `custom_field_values_of_${owner}`, (db) =>
    db
      .select({ owner: link.owner, key: customFields.key, value: customFieldValues.value, localized: customFieldValues.localizedValue })
      .from(link.table)
      .innerJoin(customFieldValues, eq(customFieldValues.id, link.value))
      .innerJoin(customFields, eq(customFields.id, customFieldValues.customFieldId))
      .where(anyOf(link.owner, 'ids'))
      .orderBy(customFields.key, customFieldValues.value),
  ).execute({ ids });
  for (const r of rows) {
    const id = Number(r.owner);
    const list = out.get(id) ?? [];
    list.push({ key: r.key, value: r.value, localized_value: pick(r.localized, locale) });
    out.set(id, list);
  }
  return out;
}
