import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { L10nJson } from './common';

export const CUSTOM_FIELD_TARGETS = ['product', 'variant', 'user', 'category'] as const;

/** A custom field such as `shop` (bestseller, new) on products or `color` on categories. */
export const customFields = pgTable(
  'custom_fields',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    appliesTo: text('applies_to', { enum: CUSTOM_FIELD_TARGETS }).notNull(),
    kind: text('kind', { enum: ['choice', 'text', 'color'] }).notNull().default('choice'),
    name: jsonb('name').$type<L10nJson>().notNull(),
  },
  (t) => [uniqueIndex('custom_fields_key_target_uq').on(t.key, t.appliesTo)],
);

export const customFieldValues = pgTable(
  'custom_field_values',
  {
    id: serial('id').primaryKey(),
    customFieldId: integer('custom_field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    localizedValue: jsonb('localized_value').$type<L10nJson>().notNull(),
  },
  (t) => [uniqueIndex('custom_field_values_uq').on(t.customFieldId, t.value)],
);
