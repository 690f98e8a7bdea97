// Custom field definitions with their values, localized (custom-fields/ calls).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CustomFieldDefinition, CustomFieldTarget } from '../../src/lib/contract/catalogue-extras';
import type { Locale } from '../../src/lib/contract/common';
import type { Db } from '../db/client';
import { customFields, customFieldValues } from '../db/schema';
import { pick } from './localized';

/** The fields of one target, or one field by id; values in two queries whatever their number. */
export async function customFieldDefinitions(db: Db, locale: Locale, where: { target: CustomFieldTarget } | { id: number }): Promise<CustomFieldDefinition[]> {
  const fields = await db
    .select()
    .from(customFields)
    .where('id' in where ? eq(customFields.id, where.id) : eq(customFields.appliesTo, where.target))
    .orderBy(asc(customFields.key), asc(customFields.id));
  if (fields.length === 0) return [];
  const values = await db
    .select()
    .from(customFieldValues)
    .where(and(inArray(customFieldValues.customFieldId, fields.map((f) => f.id))))
    .orderBy(asc(customFieldValues.id));
  return fields.map((f) => ({
    id: f.id,
    key: f.key,
    applies_to: f.appliesTo,
    kind: f.kind,
    name: pick(f.name, locale),
    values: values
      .filter((x) => x.customFieldId === f.id)
      .map((x) => ({ id: x.id, value: x.value, localized_value: pick(x.localizedValue, locale) })),
  }));
}
