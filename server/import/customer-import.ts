// The `customers` import kind: customers by code (C0001), business or consumer, with their tax and
// e-invoicing details, the payment terms agreed per language, and the agents assigned to them.
// Customers are never deleted: orders name them; --delete-missing deactivates the others.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/lib/contract/locales';
import { normalizeSdiCode, sdiCodeIssue } from '../../src/lib/rules/trade-account';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { arrayParam, BATCH_ROWS, batches, rowsOf } from './batch-sql';
import { booleanCell, codeCell, splitList, textCell } from './cell-values';
import { checkColumns, type ColumnSet, ListedOnce, localizedName, RowCells } from './column-set';
import { emptyCounts, type ImportKind, type ImportOptions, type Tx } from './import-kind';
import type { ImportProblem } from './import-problems';
import { customerIdsByCode, emailCell, phoneCell, vatNumberCell } from './people-cells';
import type { SourceTable } from './read-rows';

export const CUSTOMER_COLUMNS: ColumnSet = {
  kind: 'customers',
  fixed: ['code', 'kind', 'business_name', 'first_name', 'last_name', 'email', 'phone', 'vat_number', 'tax_code', 'sdi_code', 'pec', 'active', 'agents'],
  localized: ['payment_terms'],
  customFields: false,
  required: ['code', 'kind', 'email'],
};

const kindCell = v.pipe(textCell(20), v.transform((s) => s.toLowerCase()), v.picklist(['b2b', 'b2c'], 'is not a kind of customer (b2b or b2c)'));
const taxCodeCell = v.pipe(textCell(16), v.regex(/^[A-Za-z0-9]{11,16}$/, 'is not a tax code (11 to 16 letters or digits)'), v.transform((s) => s.toUpperCase()));
const sdiCell = v.pipe(textCell(7), v.check((s) => sdiCodeIssue(s) === null, 'is not an SDI recipient code (7 letters or digits)'), v.transform(normalizeSdiCode));

interface CustomerRow {
  line: number;
  code: string;
  kind: 'b2b' | 'b2c';
  email: string;
  /** Nullable columns: undefined when the column is absent (kept), '' when the cell is empty (cleared). */
  text: Record<NullableColumn, string | undefined>;
  firstName?: string;
  lastName?: string;
  active?: boolean;
  terms: Partial<Record<Locale, string>>;
  /** Languages whose payment terms column the row has (their terms are replaced, or removed when empty). */
  termsLocales: Locale[];
  /** Agent usernames; undefined when the column is absent. */
  agents?: { raw: string[]; line: number };
}

/** Columns that may hold nothing (null). */
type NullableColumn = 'business_name' | 'phone' | 'vat_number' | 'tax_code' | 'sdi_code' | 'pec';

function readRow(cells: RowCells): CustomerRow | undefined {
  const code = cells.read('code', codeCell, { required: true });
  const kind = cells.read('kind', kindCell, { required: true });
  const email = cells.read('email', emailCell, { required: true });
  const nullable = (column: NullableColumn, schema: v.GenericSchema<string, string>) => (cells.has(column) ? (cells.read(column, schema) ?? '') : undefined);
  const text = {
    business_name: nullable('business_name', textCell(200)),
    phone: nullable('phone', phoneCell),
    vat_number: nullable('vat_number', vatNumberCell),
    tax_code: nullable('tax_code', taxCodeCell),
    sdi_code: nullable('sdi_code', sdiCell),
    pec: nullable('pec', emailCell),
  };
  if (kind === 'b2b' && cells.raw('business_name')?.trim() === '') cells.problem('business_name', 'is empty; a business customer (b2b) needs its business name');
  const terms: CustomerRow['terms'] = {};
  const termsLocales: Locale[] = [];
  for (const locale of LOCALES) {
    const column = localizedName('payment_terms', locale);
    if (!cells.has(column)) continue;
    termsLocales.push(locale);
    const value = cells.read(column, textCell(500));
    if (value) terms[locale] = value;
  }
  if (termsLocales.includes(DEFAULT_LOCALE) && !terms[DEFAULT_LOCALE] && Object.keys(terms).length) {
    cells.problem(localizedName('payment_terms', DEFAULT_LOCALE), 'is empty but other languages have payment terms; the Italian terms are the ones every language falls back to');
  }
  const agents = cells.has('agents')
    ? { raw: splitList(cells.read('agents', textCell(5_000)) ?? '').map((a) => a.toLowerCase()), line: cells.line }
    : undefined;
  if (!code || !kind || !email) return undefined;
  return {
    line: cells.line,
    code,
    kind,
    email,
    text,
    firstName: cells.has('first_name') ? (cells.read('first_name', textCell(100)) ?? '') : undefined,
    lastName: cells.has('last_name') ? (cells.read('last_name', textCell(100)) ?? '') : undefined,
    active: cells.read('active', booleanCell) ?? (cells.has('active') ? true : undefined),
    terms,
    termsLocales,
    agents,
  };
}

export const customerKind: ImportKind = {
  name: 'customers',
  columns: CUSTOMER_COLUMNS,
  async plan(db: Db, table: SourceTable, options: ImportOptions) {
    const problems: ImportProblem[] = checkColumns(CUSTOMER_COLUMNS, table);
    if (problems.length) return { problems };
    const rows: CustomerRow[] = [];
    const listed = new ListedOnce();
    for (const source of table.rows) {
      const cells = new RowCells(source, problems);
      const row = readRow(cells);
      if (row && listed.first(cells, 'code', row.code, row.code, '; a customer is listed once')) rows.push(row);
    }
    const usernames = [...new Set(rows.flatMap((r) => r.agents?.raw ?? []))];
    const agentRows = await queryRows<{ id: number; email: string; is_agent: boolean }>(
      db,
      sql`select id, lower(email) as email, is_agent from users where lower(email) = any(${arrayParam(usernames, 'text')})`,
    );
    const agentByName = new Map(agentRows.map((a) => [a.email, a]));
    for (const row of rows) {
      for (const name of row.agents?.raw ?? []) {
        const agent = agentByName.get(name);
        if (!agent) problems.push({ line: row.line, column: 'agents', value: name, message: 'is not the username of a user in the shop (import the agents first: docs/import.md)' });
        else if (!agent.is_agent) problems.push({ line: row.line, column: 'agents', value: name, message: 'is a user of a customer, not an agent' });
      }
    }
    if (problems.length) return { problems };
    return { problems: [], plan: { write: (tx: Tx) => writeCustomers(tx, rows, agentByName, table.skipped, options) } };
  },
};

async function writeCustomers(tx: Tx, rows: CustomerRow[], agents: Map<string, { id: number }>, skipped: number, options: ImportOptions) {
  const counts = { ...emptyCounts('customers'), skipped };
  const created = new Set<string>();
  const changed = new Set<string>();
  const nullable = (column: NullableColumn, batch: CustomerRow[]) => arrayParam(batch.map((r) => r.text[column] ?? null), 'text');
  // Absent: null (the shop's value stays); empty: '' (cleared to null).
  const keepOrClear = (column: string) => sql.raw(`case when t.${column} is null then c.${column} else nullif(t.${column}, '') end`);
  let done = 0;
  for (const batch of batches(rows)) {
    const written = await rowsOf<{ code: string; inserted: boolean }>(
      tx,
      sql`with t as (
            select * from unnest(${arrayParam(batch.map((r) => r.code), 'text')}, ${arrayParam(batch.map((r) => r.kind), 'text')}, ${arrayParam(batch.map((r) => r.email), 'text')},
              ${nullable('business_name', batch)}, ${nullable('phone', batch)}, ${nullable('vat_number', batch)}, ${nullable('tax_code', batch)}, ${nullable('sdi_code', batch)}, ${nullable('pec', batch)},
              ${arrayParam(batch.map((r) => r.firstName ?? null), 'text')}, ${arrayParam(batch.map((r) => r.lastName ?? null), 'text')}, ${arrayParam(batch.map((r) => r.active ?? null), 'boolean')},
              ${arrayParam(batch.map((r) => JSON.stringify(r.terms)), 'jsonb')}, ${arrayParam(batch.map((r) => r.termsLocales.join(',')), 'text')})
            with ordinality as t(code, kind, email, business_name, phone, vat_number, tax_code, sdi_code, pec, first_name, last_name, active, terms, terms_locales, n)),
          wanted as (
            select t.n, t.code, t.kind, t.email, ${keepOrClear('business_name')} as business_name, ${keepOrClear('phone')} as phone, ${keepOrClear('vat_number')} as vat_number,
                   ${keepOrClear('tax_code')} as tax_code, ${keepOrClear('sdi_code')} as sdi_code, ${keepOrClear('pec')} as pec,
                   coalesce(t.first_name, c.first_name, '') as first_name, coalesce(t.last_name, c.last_name, '') as last_name, coalesce(t.active, c.is_active, true) as is_active,
                   (coalesce(c.payment_terms, '{}'::jsonb) - string_to_array(t.terms_locales, ',')) || t.terms as terms
            from t left join customers c on c.code = t.code),
          w as (select *, case when terms ? 'it' then terms end as payment_terms from wanted)
          insert into customers (code, kind, email, business_name, phone, vat_number, tax_code, sdi_code, pec, first_name, last_name, is_active, payment_terms)
          select w.code, w.kind, w.email, w.business_name, w.phone, w.vat_number, w.tax_code, w.sdi_code, w.pec, w.first_name, w.last_name, w.is_active, w.payment_terms
          from w left join customers c on c.code = w.code
          -- Rows equal to the shop's are left out here already: an upsert would still lock them.
          where c.id is null or (c.kind, c.email, c.business_name, c.phone, c.vat_number, c.tax_code, c.sdi_code, c.pec, c.first_name, c.last_name, c.is_active, c.payment_terms)
            is distinct from (w.kind, w.email, w.business_name, w.phone, w.vat_number, w.tax_code, w.sdi_code, w.pec, w.first_name, w.last_name, w.is_active, w.payment_terms)
          -- In the file's order, so new records are numbered as the file lists them.
          order by w.n
          on conflict (code) do update set kind = excluded.kind, email = excluded.email, business_name = excluded.business_name, phone = excluded.phone,
            vat_number = excluded.vat_number, tax_code = excluded.tax_code, sdi_code = excluded.sdi_code, pec = excluded.pec, first_name = excluded.first_name,
            last_name = excluded.last_name, is_active = excluded.is_active, payment_terms = excluded.payment_terms, updated_at = now()
          returning code, (xmax = 0) as inserted`,
    );
    for (const r of written) (r.inserted ? created : changed).add(r.code);
    done += batch.length;
    if (rows.length > BATCH_ROWS) options.progress(`customers: ${done}/${rows.length} rows written`);
  }

  // Agents: for the rows with an agents column, exactly the agents named.
  const withAgents = rows.filter((r) => r.agents);
  if (withAgents.length) {
    const ids = await customerIdsByCode(tx, withAgents.map((r) => r.code));
    const links = withAgents.flatMap((r) => r.agents!.raw.map((name) => ({ customerId: ids.get(r.code)!, agentId: agents.get(name)!.id, code: r.code })));
    const customerIds = withAgents.map((r) => ids.get(r.code)!);
    const removed = await rowsOf<{ customer_id: number }>(
      tx,
      sql`delete from agent_customers a where a.customer_id = any(${arrayParam(customerIds, 'int')})
            and not exists (select 1 from unnest(${arrayParam(links.map((l) => l.customerId), 'int')}, ${arrayParam(links.map((l) => l.agentId), 'int')}) as w(customer_id, agent_id)
                            where w.customer_id = a.customer_id and w.agent_id = a.agent_id)
          returning a.customer_id`,
    );
    const added = await rowsOf<{ customer_id: number }>(
      tx,
      sql`insert into agent_customers (agent_id, customer_id)
          select distinct agent_id, customer_id from unnest(${arrayParam(links.map((l) => l.agentId), 'int')}, ${arrayParam(links.map((l) => l.customerId), 'int')}) as w(agent_id, customer_id)
          on conflict do nothing returning customer_id`,
    );
    const codeOf = new Map(withAgents.map((r) => [ids.get(r.code)!, r.code]));
    for (const r of [...removed, ...added]) changed.add(codeOf.get(r.customer_id)!);
  }

  for (const row of rows) {
    if (created.has(row.code)) counts.created++;
    else if (changed.has(row.code)) counts.updated++;
    else counts.unchanged++;
  }
  if (options.deleteMissing) {
    const retired = await rowsOf<{ id: number }>(
      tx,
      sql`update customers set is_active = false, updated_at = now() where is_active and not (code = any(${arrayParam(rows.map((r) => r.code), 'text')})) returning id`,
    );
    counts.retired = retired.length;
    if (retired.length) counts.notes.push(`${retired.length} customers not in the file deactivated (kept for their orders; their users can no longer order for them)`);
  }
  return [counts];
}
