// The change log that drives page regeneration (migration 0003): triggers note every change to
// what a page shows, whoever makes it; instances read the notes and claim ranges of them, so
// each change is rendered once whatever the number of instances (ADR 0008).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';

export type ChangeKind = 'product' | 'category' | 'post' | 'page' | 'home' | 'setting';

export interface PageChange {
  id: number;
  kind: ChangeKind;
  refId: number | null;
  slug: string | null;
}

/** Notes older than this, already claimed, are deleted. */
const KEEP_NOTES = '1 day';

/** The newest note now: a build records it before it reads, and regenerates from there. */
export async function lastChangeId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(db, sql`select coalesce(max(id), 0) as id from page_changes`);
  return Number(row?.id ?? 0);
}

/**
 * The last note a build made through another server's API read (SHOP_API_URL: it could not
 * record the id): the notes before its data time.
 */
export async function cursorAt(db: Db, dataAsOf: Date): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`select coalesce(max(id), 0) as id from page_changes where changed_at < ${dataAsOf.toISOString()}::timestamptz`,
  );
  return Number(row?.id ?? 0);
}

/**
 * Ties the shared cursor to the build being served: the first instance of a new build moves it to
 * what that build read (changes after it were not in the build); later instances find it set.
 */
export async function adoptBuild(db: Db, buildId: string, buildCursor: number): Promise<void> {
  await db.execute(sql`
    insert into page_regen_cursor (id, last_id, build_id) values (1, ${buildCursor}, ${buildId})
    on conflict (id) do update set last_id = excluded.last_id, build_id = excluded.build_id, claim_to = null, claim_expires = null, updated_at = now()
    where page_regen_cursor.build_id is distinct from excluded.build_id`);
}

/** The shared cursor, or null when its row is gone (a database reset truncates every table). */
export async function sharedCursor(db: Db): Promise<number | null> {
  const [row] = await queryRows<{ last_id: string | number }>(db, sql`select last_id from page_regen_cursor where id = 1`);
  return row ? Number(row.last_id) : null;
}

/** Notes after `after`, oldest first, at most `limit`. */
export async function changesAfter(db: Db, after: number, limit: number): Promise<PageChange[]> {
  const rows = await queryRows<{ id: string | number; kind: ChangeKind; ref_id: number | null; slug: string | null }>(
    db,
    sql`select id, kind, ref_id, slug from page_changes where id > ${after} order by id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, refId: r.ref_id, slug: r.slug }));
}

/** How long a claim holds: an instance that died mid-round leaves its range to another after it. */
export const CLAIM_LEASE_S = 120;

/**
 * Claims the notes (from, to] for this instance: true when the shared cursor was still at `from`
 * and no other instance holds a live claim (compare-and-set, so of several instances exactly one
 * wins each range). The claim is a lease until `done`.
 */
export async function claim(db: Db, from: number, to: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update page_regen_cursor set claim_to = ${to}, claim_expires = now() + make_interval(secs => ${CLAIM_LEASE_S}), updated_at = now()
        where id = 1 and last_id = ${from} and (claim_to is null or claim_expires < now()) returning id`,
  );
  return rows.length === 1;
}

/** Marks a claimed range rendered: the cursor moves past it and the lease ends. */
export async function done(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    update page_regen_cursor set last_id = ${to}, claim_to = null, claim_expires = null, updated_at = now()
    where id = 1 and last_id = ${from} and claim_to = ${to}`);
}

/** Gives a claimed range back unrendered (a round that could not finish): the next round takes it again. */
export async function release(db: Db, from: number, to: number): Promise<void> {
  await db.execute(sql`
    update page_regen_cursor set claim_to = null, claim_expires = null, updated_at = now()
    where id = 1 and last_id = ${from} and claim_to = ${to}`);
}

/** Deletes old notes that every instance has long read. */
export async function pruneChanges(db: Db, upTo: number): Promise<void> {
  await db.execute(sql`delete from page_changes where id <= ${upTo} and changed_at < now() - ${KEEP_NOTES}::interval`);
}

/** News posts whose publication time has come since `since` (they change without any write). */
export async function postsPublishedBetween(db: Db, since: Date, until: Date): Promise<{ id: number; slug: string }[]> {
  return queryRows<{ id: number; slug: string }>(
    db,
    sql`select id, slug from blog_posts where is_published and published_at > ${since.toISOString()}::timestamptz and published_at <= ${until.toISOString()}::timestamptz`,
  );
}
