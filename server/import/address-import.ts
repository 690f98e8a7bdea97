// The `addresses` import kind: customers' billing and shipping addresses, each named by the
// customer's code and its own code (unique per customer, migration 0016), so the same file twice
// changes nothing. Addresses written in the address book have no code and are never touched.
// One default per customer and type: an address imported as default takes it from the others.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { isIsoCountryCode } from '../../src/lib/contract/countries';
import type { Db } from '../db/client';
import { ADDRESS_TYPES, type AddressType } from '../db/schema';
import { arrayParam, BATCH_ROWS, batches, rowsOf } from './batch-sql';
import { booleanCell, codeCell, textCell } from './cell-values';
import { checkColumns, type ColumnSet, ListedOnce, RowCells } from './column-set';
import { emptyCounts, type ImportKind, type ImportOptions, type Tx } from './import-kind';
import type { ImportProblem } from './import-problems';
import { customerIdsByCode, emailCell, phoneCell, vatNumberCell } from './people-cells';
import type { SourceTable } from './read-rows';

export const ADDRESS_COLUMNS: ColumnSet = {
  kind: 'addresses',
  fixed: ['customer', 'code', 'type', 'name', 'company', 'street', 'city', 'postal_code', 'province', 'country', 'phone', 'email', 'vat_number', 'default'],
  localized: [],
  customFields: false,
  required: ['customer', 'code', 'type', 'name', 'street', 'city', 'postal_code', 'country'],
};

const typeCell = v.pipe(
  textCell(20),
  v.transform((s) => s.toLowerCase()),
  v.check((s) => ADDRESS_TYPES.some((t) => t.toLowerCase() === s), 'is not a type of address (billing or shipping)'),
  v.transform((s) => ADDRESS_TYPES.find((t) => t.toLowerCase() === s)!),
);
const postalCodeCell = v.pipe(textCell(12), v.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, 'is not a postal code'), v.transform((s) => s.toUpperCase()));
const countryCell = v.pipe(
  textCell(2),
  v.transform((s) => s.toUpperCase()),
  v.check(isIsoCountryCode, 'is not a country code (two letters of ISO 3166-1, e.g. IT, ES, DE)'),
);

/** Columns that may hold nothing (null). */
type NullableColumn = 'company' | 'province' | 'phone' | 'email' | 'vat_number';

interface AddressRow {
  line: number;
  customerCode: string;
  code: string;
  type: AddressType;
  name: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  /** undefined when the column is absent (kept), '' when the cell is empty (cleared). */
  text: Record<NullableColumn, string | undefined>;
  isDefault?: boolean;
}

function readRow(cells: RowCells): AddressRow | undefined {
  const customerCode = cells.read('customer', codeCell, { required: true });
  const code = cells.read('code', codeCell, { required: true });
  const type = cells.read('type', typeCell, { required: true });
  const name = cells.read('name', textCell(120), { required: true });
  const street = cells.read('street', textCell(200), { required: true });
  const city = cells.read('city', textCell(100), { required: true });
  const postalCode = cells.read('postal_code', postalCodeCell, { required: true });
  const country = cells.read('country', countryCell, { required: true });
  const nullable = (column: NullableColumn, schema: v.GenericSchema<string, string>) => (cells.has(column) ? (cells.read(column, schema) ?? '') : undefined);
  const text = {
    company: nullable('company', textCell(120)),
    province: nullable('province', textCell(60)),
    phone: nullable('phone', phoneCell),
    email: nullable('email', emailCell),
    vat_number: nullable('vat_number', vatNumberCell),
  };
  const isDefault = cells.read('default', booleanCell) ?? (cells.has('default') ? false : undefined);
  if (!customerCode || !code || !type || !name || !street || !city || !postalCode || !country) return undefined;
  return { line: cells.line, customerCode, code, type, name, street, city, postalCode, country, text, isDefault };
}

export const addressKind: ImportKind = {
  name: 'addresses',
  columns: ADDRESS_COLUMNS,
  async plan(db: Db, table: SourceTable, options: ImportOptions) {
    const problems: ImportProblem[] = checkColumns(ADDRESS_COLUMNS, table);
    if (problems.length) return { problems };
    const rows: AddressRow[] = [];
    const listed = new ListedOnce();
    const lineOfDefault = new Map<string, number>();
    for (const source of table.rows) {
      const cells = new RowCells(source, problems);
      const row = readRow(cells);
      if (!row) continue;
      if (!listed.first(cells, 'code', `${row.customerCode}\u0000${row.code}`, row.code, ` for customer ${row.customerCode}; an address is listed once`)) continue;
      if (row.isDefault) {
        const typeKey = `${row.customerCode}\u0000${row.type}`;
        const other = lineOfDefault.get(typeKey);
        if (other !== undefined) cells.problem('default', `is yes, but line ${other} is already the default ${row.type.toLowerCase()} address of ${row.customerCode}: a customer has one per type`);
        else lineOfDefault.set(typeKey, row.line);
      }
      rows.push(row);
    }
    const customerId = await customerIdsByCode(db, rows.map((r) => r.customerCode));
    for (const row of rows) {
      if (!customerId.has(row.customerCode)) problems.push({ line: row.line, column: 'customer', value: row.customerCode, message: 'is not the code of a customer in the shop (import the customers first)' });
    }
    if (problems.length) return { problems };
    return { problems: [], plan: { write: (tx: Tx) => writeAddresses(tx, rows, customerId, table.skipped, options) } };
  },
};

async function writeAddresses(tx: Tx, rows: AddressRow[], customerId: Map<string, number>, skipped: number, options: ImportOptions) {
  const counts = { ...emptyCounts('addresses'), skipped };
  const nullable = (column: NullableColumn, batch: AddressRow[]) => arrayParam(batch.map((r) => r.text[column] ?? null), 'text');
  const keepOrClear = (column: string) => sql.raw(`case when t.${column} is null then a.${column} else nullif(t.${column}, '') end`);
  const touched = new Set<number>();
  let done = 0;
  for (const batch of batches(rows)) {
    const written = await rowsOf<{ id: number; inserted: boolean }>(
      tx,
      sql`with t as (
            select * from unnest(${arrayParam(batch.map((r) => customerId.get(r.customerCode)!), 'int')}, ${arrayParam(batch.map((r) => r.code), 'text')},
              ${arrayParam(batch.map((r) => r.type), 'text')}, ${arrayParam(batch.map((r) => r.name), 'text')}, ${arrayParam(batch.map((r) => r.street), 'text')},
              ${arrayParam(batch.map((r) => r.city), 'text')}, ${arrayParam(batch.map((r) => r.postalCode), 'text')}, ${arrayParam(batch.map((r) => r.country), 'text')},
              ${nullable('company', batch)}, ${nullable('province', batch)}, ${nullable('phone', batch)}, ${nullable('email', batch)}, ${nullable('vat_number', batch)},
              ${arrayParam(batch.map((r) => r.isDefault ?? null), 'boolean')})
            with ordinality as t(customer_id, code, type, name, street, city, postal_code, country, company, province, phone, email, vat_number, is_default, n)),
          w as (
            select t.n, t.customer_id, t.code, t.type, t.name, t.street, t.city, t.postal_code, t.country, ${keepOrClear('company')} as company, ${keepOrClear('province')} as province,
                   ${keepOrClear('phone')} as phone, ${keepOrClear('email')} as email, ${keepOrClear('vat_number')} as vat_number,
                   coalesce(t.is_default, a.is_default, false) as is_default
            from t left join addresses a on a.customer_id = t.customer_id and a.code = t.code)
          insert into addresses (customer_id, code, type, name, street, city, postal_code, country, company, province, phone, email, vat_number, is_default)
          select w.customer_id, w.code, w.type, w.name, w.street, w.city, w.postal_code, w.country, w.company, w.province, w.phone, w.email, w.vat_number, w.is_default
          from w left join addresses a on a.customer_id = w.customer_id and a.code = w.code
          -- Rows equal to the shop's are left out here already: an upsert would still lock them. A
          -- deleted address the file names comes back into the book.
          where a.id is null or a.deleted_at is not null
             or (a.type, a.name, a.street, a.city, a.postal_code, a.country, a.company, a.province, a.phone, a.email, a.vat_number, a.is_default)
                is distinct from (w.type, w.name, w.street, w.city, w.postal_code, w.country, w.company, w.province, w.phone, w.email, w.vat_number, w.is_default)
          -- In the file's order, so new records are numbered as the file lists them.
          order by w.n
          on conflict (customer_id, code) do update set type = excluded.type, name = excluded.name, street = excluded.street, city = excluded.city,
            postal_code = excluded.postal_code, country = excluded.country, company = excluded.company, province = excluded.province, phone = excluded.phone,
            email = excluded.email, vat_number = excluded.vat_number, is_default = excluded.is_default, deleted_at = null, updated_at = now()
          returning id, (xmax = 0) as inserted`,
    );
    for (const r of written) {
      if (r.inserted) counts.created++;
      else counts.updated++;
      touched.add(r.id);
    }
    done += batch.length;
    if (rows.length > BATCH_ROWS) options.progress(`addresses: ${done}/${rows.length} rows written`);
  }
  counts.unchanged = rows.length - counts.created - counts.updated;

  // One default per customer and type: a default written now takes it from the customer's others.
  const cleared = await rowsOf<{ id: number }>(
    tx,
    sql`update addresses o set is_default = false, updated_at = now()
        from addresses d
        where d.id = any(${arrayParam([...touched], 'int')}) and d.is_default and d.deleted_at is null
          and o.customer_id = d.customer_id and o.type = d.type and o.id <> d.id and o.is_default
        returning o.id`,
  );
  if (cleared.length) counts.notes.push(`${cleared.length} addresses are no longer the default of their type (an address of the file is)`);

  if (options.deleteMissing) {
    // Only addresses an import wrote (they have a code); orders keep their own copy of an address.
    const retired = await rowsOf<{ id: number }>(
      tx,
      sql`update addresses a set deleted_at = now(), is_default = false, updated_at = now()
          where a.code is not null and a.deleted_at is null
            and not exists (select 1 from unnest(${arrayParam(rows.map((r) => customerId.get(r.customerCode)!), 'int')}, ${arrayParam(rows.map((r) => r.code), 'text')}) as f(customer_id, code)
                            where f.customer_id = a.customer_id and f.code = a.code)
          returning a.id`,
    );
    counts.retired = retired.length;
    if (retired.length) counts.notes.push(`${retired.length} addresses not in the file removed from the address books (orders keep their copies)`);
  }
  return [counts];
}
