// Custom field values named in import files (`cf_shop=bestseller|new`, a category's colour, a
// user's `cf_sector`):
// fields and values the shop does not have yet are created (a value's label is the value itself
// until someone translates it), and each record's links for the fields its row names are made to
// match the file, touching only the links that differ.
import { sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from './batch-sql';
import type { Tx } from './import-kind';

type Target = 'product' | 'category' | 'user';

const LINK_TABLES = {
  product: { table: sql.raw('product_custom_values'), owner: sql.raw('product_id') },
  category: { table: sql.raw('category_custom_values'), owner: sql.raw('category_id') },
  user: { table: sql.raw('user_custom_values'), owner: sql.raw('user_id') },
} as const;

/** Which custom field values a record should carry, for the fields its row names. */
export interface WantedValues {
  ownerId: number;
  key: string;
  values: string[];
}

/** Creates missing fields and values; answers the value ids by `key\u0000value` and the field ids by key. */
async function ensureValues(tx: Tx, target: Target, wanted: WantedValues[]) {
  const keys = [...new Set(wanted.map((w) => w.key))];
  await tx.execute(sql`insert into custom_fields (key, applies_to, kind, name)
    select k, ${target}, case when k = 'color' then 'color' else 'choice' end, jsonb_build_object('it', k)
    from unnest(${arrayParam(keys, 'text')}) as k
    -- Only what is missing: a conflicting insert would still use up an id of the sequence.
    where not exists (select 1 from custom_fields f where f.key = k and f.applies_to = ${target})
    on conflict (key, applies_to) do nothing`);
  const fields = await rowsOf<{ id: number; key: string }>(
    tx,
    sql`select id, key from custom_fields where applies_to = ${target} and key = any(${arrayParam(keys, 'text')})`,
  );
  const fieldId = new Map(fields.map((f) => [f.key, f.id]));
  const pairs = new Map<string, { fieldId: number; value: string }>();
  for (const w of wanted) for (const value of w.values) pairs.set(`${w.key}\u0000${value}`, { fieldId: fieldId.get(w.key)!, value });
  const list = [...pairs.values()];
  await tx.execute(sql`insert into custom_field_values (custom_field_id, value, localized_value)
    select f, val, jsonb_build_object('it', val) from unnest(${arrayParam(list.map((p) => p.fieldId), 'int')}, ${arrayParam(list.map((p) => p.value), 'text')}) with ordinality as t(f, val, n)
    where not exists (select 1 from custom_field_values v where v.custom_field_id = t.f and v.value = t.val)
    order by t.n
    on conflict (custom_field_id, value) do nothing`);
  const values = await rowsOf<{ id: number; custom_field_id: number; value: string }>(
    tx,
    sql`select v.id, v.custom_field_id, v.value from custom_field_values v
        join unnest(${arrayParam(list.map((p) => p.fieldId), 'int')}, ${arrayParam(list.map((p) => p.value), 'text')}) as t(f, val)
          on v.custom_field_id = t.f and v.value = t.val`,
  );
  const keyOfField = new Map(fields.map((f) => [f.id, f.key]));
  return { fieldId, valueId: new Map(values.map((v) => [`${keyOfField.get(v.custom_field_id)}\u0000${v.value}`, v.id])) };
}

/** Makes the links match; answers the ids of the records whose links changed. */
export async function syncCustomValues(tx: Tx, target: Target, wanted: WantedValues[]): Promise<Set<number>> {
  const changed = new Set<number>();
  if (!wanted.length) return changed;
  const { fieldId, valueId } = await ensureValues(tx, target, wanted);
  const { table, owner } = LINK_TABLES[target];
  const scopeOwners = wanted.map((w) => w.ownerId);
  const scopeFields = wanted.map((w) => fieldId.get(w.key)!);
  const links = wanted.flatMap((w) => w.values.map((value) => ({ ownerId: w.ownerId, valueId: valueId.get(`${w.key}\u0000${value}`)! })));
  const removed = await rowsOf<{ owner: number }>(
    tx,
    sql`delete from ${table} l using custom_field_values v, unnest(${arrayParam(scopeOwners, 'int')}, ${arrayParam(scopeFields, 'int')}) as s(o, f)
        where l.custom_field_value_id = v.id and l.${owner} = s.o and v.custom_field_id = s.f
          and (l.${owner}, l.custom_field_value_id) not in (select * from unnest(${arrayParam(links.map((l) => l.ownerId), 'int')}, ${arrayParam(links.map((l) => l.valueId), 'int')}))
        returning l.${owner} as owner`,
  );
  const added = await rowsOf<{ owner: number }>(
    tx,
    sql`insert into ${table} (${owner}, custom_field_value_id)
        select * from unnest(${arrayParam(links.map((l) => l.ownerId), 'int')}, ${arrayParam(links.map((l) => l.valueId), 'int')})
        on conflict do nothing returning ${owner} as owner`,
  );
  for (const r of [...removed, ...added]) changed.add(r.owner);
  return changed;
}
