// The `users` import kind: the people who sign in, by username (their e-mail address): a user of
// one customer (by its code) or an agent. Imported users get no password they know: with
// --invite, those that never signed in and were never invited are mailed a link to choose it
// (through the outbox, like an approved trade account); without it they can use "password
// forgotten" whenever they like. Users are never deleted; --delete-missing deactivates.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { LOCALES, type Locale } from '../../src/lib/contract/locales';
import { issueLinkTokens, LINK_TTL_MS } from '../auth/link-tokens';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { accountInvitationMail } from '../mail/account-mails';
import { enqueueRenderedMails } from '../mail/mail-outbox';
import { placeholderPasswordHash } from '../users/sign-up';
import { arrayParam, BATCH_ROWS, batches, rowsOf } from './batch-sql';
import { booleanCell, codeCell, splitList, textCell } from './cell-values';
import { checkColumns, type ColumnSet, customFieldColumns, ListedOnce, RowCells } from './column-set';
import { syncCustomValues } from './custom-field-links';
import { emptyCounts, type ImportKind, type ImportOptions, type Tx } from './import-kind';
import type { ImportProblem } from './import-problems';
import { customerIdsByCode, emailCell } from './people-cells';
import type { SourceTable } from './read-rows';

export const USER_COLUMNS: ColumnSet = {
  kind: 'users',
  fixed: ['username', 'customer', 'is_agent', 'first_name', 'last_name', 'locale', 'active'],
  localized: [],
  customFields: true,
  required: ['username'],
};

const localeCell = v.pipe(textCell(2), v.transform((s) => s.toLowerCase()), v.picklist(LOCALES, `is not a language of the shop (${LOCALES.join(', ')})`));

interface UserRow {
  line: number;
  username: string;
  /** undefined: the column is absent or empty. */
  customerCode?: string;
  isAgent?: boolean;
  firstName?: string;
  lastName?: string;
  locale?: Locale;
  active?: boolean;
  /** Values of the custom fields of users whose `cf_<key>` column the file has. */
  custom: { key: string; values: string[] }[];
}

/** What the user is once the row is applied: an agent, or a user of this customer. */
interface Placed {
  row: UserRow;
  isAgent: boolean;
  customerId: number | null;
}

function readRow(cells: RowCells, table: SourceTable): UserRow | undefined {
  const username = cells.read('username', emailCell, { required: true });
  const customerCode = cells.read('customer', codeCell);
  const isAgent = cells.read('is_agent', booleanCell);
  if (isAgent && customerCode) cells.problem('customer', 'is given for an agent; a user is an agent (is_agent = yes) or a user of one customer, not both', customerCode);
  if (!username) return undefined;
  return {
    line: cells.line,
    username,
    customerCode,
    isAgent: isAgent ?? (cells.has('is_agent') ? false : undefined),
    firstName: cells.has('first_name') ? (cells.read('first_name', textCell(100)) ?? '') : undefined,
    lastName: cells.has('last_name') ? (cells.read('last_name', textCell(100)) ?? '') : undefined,
    locale: cells.read('locale', localeCell),
    active: cells.read('active', booleanCell) ?? (cells.has('active') ? true : undefined),
    custom: customFieldColumns(table)
      .filter(({ column }) => cells.has(column))
      .map(({ column, key }) => ({ key, values: splitList(cells.read(column, textCell(2_000)) ?? '') })),
  };
}

export const userKind: ImportKind = {
  name: 'users',
  columns: USER_COLUMNS,
  async plan(db: Db, table: SourceTable, options: ImportOptions) {
    const problems: ImportProblem[] = checkColumns(USER_COLUMNS, table);
    if (problems.length) return { problems };
    const rows: UserRow[] = [];
    const listed = new ListedOnce();
    for (const source of table.rows) {
      const cells = new RowCells(source, problems);
      const row = readRow(cells, table);
      if (row && listed.first(cells, 'username', row.username, row.username, '; a user is listed once')) rows.push(row);
    }
    const customerId = await customerIdsByCode(db, rows.flatMap((r) => (r.customerCode ? [r.customerCode] : [])));
    const existing = new Map(
      (
        await queryRows<{ email: string; is_agent: boolean; customer_id: number | null }>(
          db,
          sql`select lower(email) as email, is_agent, customer_id from users where lower(email) = any(${arrayParam(rows.map((r) => r.username), 'text')})`,
        )
      ).map((u) => [u.email, u]),
    );
    const placed: Placed[] = [];
    for (const row of rows) {
      if (row.customerCode && !customerId.has(row.customerCode)) {
        problems.push({ line: row.line, column: 'customer', value: row.customerCode, message: 'is not the code of a customer in the shop (import the customers first)' });
        continue;
      }
      const shop = existing.get(row.username);
      // A customer named makes a customer's user; is_agent = yes an agent; otherwise what the shop has.
      const isAgent = row.customerCode ? false : (row.isAgent ?? shop?.is_agent ?? false);
      const id = row.customerCode ? customerId.get(row.customerCode)! : isAgent ? null : (shop?.customer_id ?? null);
      if (!isAgent && id === null) {
        problems.push({ line: row.line, column: 'customer', message: 'is empty; a user belongs to a customer (its code) unless is_agent is yes' });
        continue;
      }
      placed.push({ row, isAgent, customerId: id });
    }
    if (problems.length) return { problems };
    return {
      problems: [],
      plan: {
        write: async (tx: Tx) => writeUsers(tx, placed, await placeholderPasswordHash(), table.skipped, options),
      },
    };
  },
};

async function writeUsers(tx: Tx, placed: Placed[], passwordHash: string, skipped: number, options: ImportOptions) {
  const counts = { ...emptyCounts('users'), skipped };
  const touched = new Set<number>();
  let done = 0;
  for (const batch of batches(placed)) {
    const written = await rowsOf<{ id: number; inserted: boolean }>(
      tx,
      sql`with t as (
            select * from unnest(${arrayParam(batch.map((p) => p.row.username), 'text')}, ${arrayParam(batch.map((p) => p.isAgent), 'boolean')}, ${arrayParam(batch.map((p) => p.customerId), 'int')},
              ${arrayParam(batch.map((p) => p.row.firstName ?? null), 'text')}, ${arrayParam(batch.map((p) => p.row.lastName ?? null), 'text')},
              ${arrayParam(batch.map((p) => p.row.locale ?? null), 'text')}, ${arrayParam(batch.map((p) => p.row.active ?? null), 'boolean')})
            with ordinality as t(email, is_agent, customer_id, first_name, last_name, locale, active, n)),
          w as (
            select t.n, t.email, t.is_agent, t.customer_id, coalesce(t.first_name, u.first_name, '') as first_name, coalesce(t.last_name, u.last_name, '') as last_name,
                   coalesce(t.locale, u.locale, 'it') as locale, coalesce(t.active, u.is_active, true) as is_active, u.id as existing,
                   (u.is_agent, u.customer_id, u.first_name, u.last_name, u.locale, u.is_active) is distinct from
                   (t.is_agent, t.customer_id, coalesce(t.first_name, u.first_name), coalesce(t.last_name, u.last_name), coalesce(t.locale, u.locale), coalesce(t.active, u.is_active)) as differs
            from t left join users u on lower(u.email) = t.email)
          insert into users (email, password_hash, is_agent, customer_id, first_name, last_name, locale, is_active)
          select email, ${passwordHash}, is_agent, customer_id, first_name, last_name, locale, is_active from w
          -- Rows equal to the shop's are left out here already: an upsert would still lock them.
          where existing is null or differs
          -- In the file's order, so new records are numbered as the file lists them.
          order by n
          on conflict ((lower(email))) do update set is_agent = excluded.is_agent, customer_id = excluded.customer_id, first_name = excluded.first_name,
            last_name = excluded.last_name, locale = excluded.locale, is_active = excluded.is_active, updated_at = now()
          returning id, (xmax = 0) as inserted`,
    );
    for (const r of written) touched.add(r.id);
    const inserted = written.filter((r) => r.inserted).length;
    counts.created += inserted;
    counts.updated += written.length - inserted;
    done += batch.length;
    if (placed.length > BATCH_ROWS) options.progress(`users: ${done}/${placed.length} rows written`);
  }
  const usernames = placed.map((p) => p.row.username);
  // Custom fields of users (`cf_sector`): a user whose values alone changed counts as updated.
  const withCustom = placed.filter((p) => p.row.custom.length);
  if (withCustom.length) {
    const ids = await rowsOf<{ id: number; email: string }>(tx, sql`select id, lower(email) as email from users where lower(email) = any(${arrayParam(withCustom.map((p) => p.row.username), 'text')})`);
    const idOf = new Map(ids.map((r) => [r.email, r.id]));
    const wanted = withCustom.flatMap((p) => p.row.custom.map((c) => ({ ownerId: idOf.get(p.row.username)!, ...c })));
    for (const id of await syncCustomValues(tx, 'user', wanted)) if (!touched.has(id)) counts.updated++;
  }
  counts.unchanged = placed.length - counts.created - counts.updated;
  if (options.invite) {
    const invited = await inviteUsers(tx, usernames, options);
    counts.notes.push(invited ? `${invited} users invited: a link to choose their password is queued in the mail outbox` : 'nobody to invite: every user of the file has signed in or was invited before');
  }
  if (options.deleteMissing) {
    // Only users of the sorts the file lists: a file of customers' users leaves the agents alone.
    const sorts = [...new Set(placed.map((p) => p.isAgent))];
    const retired = await rowsOf<{ id: number }>(
      tx,
      sql`update users set is_active = false, updated_at = now()
          where is_active and is_agent = any(${arrayParam(sorts, 'boolean')}) and not (lower(email) = any(${arrayParam(usernames, 'text')})) returning id`,
    );
    counts.retired = retired.length;
    if (retired.length) counts.notes.push(`${retired.length} users not in the file deactivated (they can no longer sign in)`);
  }
  return [counts];
}

/** Mails the users of the file that never signed in and were never sent a password link. */
async function inviteUsers(tx: Tx, usernames: string[], options: ImportOptions): Promise<number> {
  if (!options.siteUrl) throw new Error('--invite needs the shop\'s public address (PUBLIC_SITE_URL)');
  const now = new Date();
  const users = await rowsOf<{ id: number; email: string; first_name: string; last_name: string; locale: Locale; company: string | null }>(
    tx,
    sql`select u.id, u.email, u.first_name, u.last_name, u.locale, c.business_name as company from users u left join customers c on c.id = u.customer_id
        where lower(u.email) = any(${arrayParam(usernames, 'text')}) and u.is_active and u.last_login_at is null
          and not exists (select 1 from one_time_codes o where o.user_id = u.id and o.purpose = 'set_password')
        order by u.id`,
  );
  const days = LINK_TTL_MS.set_password / 86_400_000;
  // Each mail is rendered here (its link exists nowhere else in clear) and queued in the import's transaction.
  for (const batch of batches(users, 1_000)) {
    const links = await issueLinkTokens(tx, batch.map((u) => u.id), 'set_password', now);
    await enqueueRenderedMails(
      tx,
      batch.map((u) => {
        const link = links.get(u.id)!;
        const message = accountInvitationMail({ to: u.email, name: `${u.first_name} ${u.last_name}`.trim(), company: u.company, locale: u.locale, token: link.token, siteUrl: options.siteUrl!, days });
        return { kind: 'account-invitation', refId: link.id, locale: u.locale, message, expiresAt: link.expiresAt };
      }),
      now,
    );
  }
  return users.length;
}
