// Import files through the management API (ADR 0032): POST /import/{kind} with the file as the
// body runs the same all-or-nothing import as the CLI; keys and scopes as for the sync calls; a
// bad file is a 422 naming every line, column and value, and changes nothing; the audit log names
// the key; hostile bodies get a clear 4xx, never a 500.
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog } from '../../server/db/schema';
import { queryRows } from '../../server/db/raw';
import { importKindNames } from '../../server/import/kinds';
import { IMPORT_MAX_BODY_BYTES, IMPORT_SCOPES } from '../../server/manage/import-scopes';
import { catalogueSnapshot, SAMPLES, tempMediaDir } from '../support/import-files';
import { makeKey, MANAGE } from '../support/manage-calls';
import { openTestShop, type TestShop } from '../support/test-shop';

let shop: TestShop;
let key: string;
const db = () => shop.database.db;
const KEY_NAME = 'erp-catalogue';

beforeAll(async () => {
  // The shop's media folder holds the sample pictures already: over HTTP they are only taken from there.
  const mediaDir = tempMediaDir();
  cpSync(path.join(SAMPLES, 'images'), path.join(mediaDir, 'products'), { recursive: true });
  shop = await openTestShop({ deps: { mediaDir } });
  key = await makeKey(shop, ['catalogue'], KEY_NAME);
});
afterAll(() => shop?.close());

type Counts = { records: string; created: number; updated: number; unchanged: number; skipped: number; retired: number; notes: string[] };
type Summary = { kind: string; dry_run: boolean; counts: Counts[] };
type ErrorAnswer = { code: string; detail: string; error_list: { field: string | null; code: string; message: string; line?: number; value?: string }[] };

async function post<T>(kind: string, body: string | Uint8Array, options: { key?: string; type?: string; query?: string } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'X-Forwarded-For': '203.0.113.9', 'Content-Type': options.type ?? 'text/csv' };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  const response = await shop.call(`${MANAGE}/import/${kind}${options.query ? `?${options.query}` : ''}`, { method: 'POST', headers, body: body as BodyInit });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as T };
}

const sampleText = (name: string) => readFileSync(path.join(SAMPLES, name), 'utf8');
const countsOf = (s: Summary, records: string) => s.counts.find((c) => c.records === records);

describe('who may import', () => {
  it('refuses a call without a key (401), with a key of another scope (403), and an unknown kind (404)', async () => {
    const none = await post<ErrorAnswer>('products', sampleText('products.csv'));
    expect(none.status).toBe(401);
    expect(none.body.error_list[0]!.code).toBe('api_key_required');
    const stockKey = await makeKey(shop, ['stock']);
    const wrong = await post<ErrorAnswer>('products', sampleText('products.csv'), { key: stockKey });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error_list[0]).toMatchObject({ code: 'scope_missing' });
    expect(wrong.body.detail).toContain("scope 'catalogue'");
    const unknown = await post<ErrorAnswer>('prodotti', 'code\nX\n', { key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_list[0]!.message).toContain('categories, products');
  });

  it('every registered import kind has its scope in the one table', () => {
    expect(importKindNames().filter((k) => !(k in IMPORT_SCOPES))).toEqual([]);
  });
});

describe('a good file', () => {
  it('imports the sample files, and the same files again change nothing', async () => {
    const categories = await post<Summary>('categories', sampleText('categories.csv'), { key });
    expect(categories.status, JSON.stringify(categories.body).slice(0, 400)).toBe(200);
    const first = await post<Summary>('products', sampleText('products.csv'), { key });
    expect(first.status, JSON.stringify(first.body).slice(0, 400)).toBe(200);
    expect(first.body).toMatchObject({ kind: 'products', dry_run: false });
    expect(countsOf(first.body, 'products')!.created).toBe(0);

    const before = await catalogueSnapshot(db());
    for (const [file, type] of [['products.csv', 'text/csv; charset=utf-8'], ['products.jsonl', 'application/x-ndjson']] as const) {
      const again = await post<Summary>('products', sampleText(file), { key, type });
      expect(again.status, file).toBe(200);
      expect(countsOf(again.body, 'products'), file).toMatchObject({ created: 0, updated: 0, unchanged: 12 });
      expect(countsOf(again.body, 'variants'), file).toMatchObject({ created: 0, updated: 0, unchanged: 8 });
    }
    expect(await catalogueSnapshot(db())).toEqual(before);
  });

  it('writes one audit entry per import naming the key, with the counts', async () => {
    const [holder] = await db().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.name, KEY_NAME));
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.apiKeyId, holder!.id)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'import.products', entity: 'products', agentId: null });
    expect((entry!.data as { counts: Counts[] }).counts).toContainEqual(expect.objectContaining({ records: 'products', unchanged: 12 }));
  });

  it('a changed row changes that product only and notes its page; a dry run first changes nothing', async () => {
    const [row] = await queryRows<{ slug: string; id: number }>(db(), sql`select slug, id from products where code = 'ENO-0002'`);
    const file = `code,slug,price,name_it\nENO-0002,${row!.slug},"13,40",Attivante di fermentazione\n`;
    const before = await catalogueSnapshot(db());
    const audits = (await db().select({ id: auditLog.id }).from(auditLog)).length;

    const dry = await post<Summary>('products', file, { key, query: 'dry_run=true' });
    expect(dry.status).toBe(200);
    expect(dry.body.dry_run).toBe(true);
    expect(countsOf(dry.body, 'products')).toMatchObject({ updated: 1, unchanged: 0 });
    expect(await catalogueSnapshot(db())).toEqual(before);
    expect((await db().select({ id: auditLog.id }).from(auditLog)).length).toBe(audits);

    const real = await post<Summary>('products', file, { key, query: 'dry_run=false' });
    expect(countsOf(real.body, 'products')).toMatchObject({ updated: 1 });
    const notes = await queryRows<{ ref_id: number }>(db(), sql`select ref_id from page_changes where kind = 'product' and id > ${JSON.parse(before.changes)[0].last}`);
    expect(notes.map((n) => n.ref_id)).toContain(row!.id);
  });
});

describe('a file with problems changes nothing', () => {
  it('answers 422 with every problem: line, column, value, a stable code and the operator\'s sentence', async () => {
    const before = await catalogueSnapshot(db());
    const file = 'code;slug;price;name_it;colore\nENO-0001;lievito;"12,3,4";Lievito\nENO-0001;altro;1;Altro\n';
    const { status, body } = await post<ErrorAnswer>('products', file, { key });
    expect(status).toBe(422);
    expect(body.code).toBe('ImportRefused');
    expect(body.detail).toContain('nothing was changed');
    expect(body.error_list).toContainEqual({ field: 'colore', code: 'unknown_column', line: 1, message: 'line 1, column colore: is not a products column (the columns are listed in docs/import.md)' });
    expect(await catalogueSnapshot(db())).toEqual(before);

    const rows = await post<ErrorAnswer>('products', 'code;slug;price;name_it\nENO-0001;lievito;"12,3,4";Lievito\nNEW-1;nuovo-1;1;Nuovo\nNEW-1;nuovo-2;2;Nuovo\n', { key });
    expect(rows.status).toBe(422);
    expect(rows.body.error_list).toContainEqual({ field: 'price', code: 'invalid', line: 2, value: '12,3,4', message: "line 2, column price: '12,3,4' is not a price (e.g. 12.50 or 12,50)" });
    expect(rows.body.error_list).toContainEqual(expect.objectContaining({ field: 'code', code: 'duplicate', line: 4, value: 'NEW-1' }));
    expect(await catalogueSnapshot(db())).toEqual(before);
  });

  it('pictures come only from the shop\'s media folder: a path is not a file name, a missing file is named', async () => {
    const [row] = await queryRows<{ slug: string }>(db(), sql`select slug from products where code = 'ENO-0003'`);
    const file = (pictures: string) => `code,slug,price,name_it,pictures\nENO-0003,${row!.slug},5,Prodotto,${pictures}\n`;
    const escape = await post<ErrorAnswer>('products', file('../../../etc/passwd.png'), { key });
    expect(escape.status).toBe(422);
    expect(escape.body.error_list[0]).toMatchObject({ field: 'pictures', line: 2, value: '../../../etc/passwd.png' });
    expect(escape.body.error_list[0]!.message).toContain('no folders');
    const missing = await post<ErrorAnswer>('products', file('not-there.webp'), { key });
    expect(missing.status).toBe(422);
    expect(missing.body.error_list[0]).toMatchObject({ field: 'pictures', code: 'not_found', value: 'not-there.webp' });
  });
});

describe('hostile bodies get a clear 4xx', () => {
  it('a NUL in a value, a file that is not UTF-8, an empty one: 422 naming the line', async () => {
    const nul = await post<ErrorAnswer>('categories', 'slug,name_it\nnuova,Nu\u0000ova\n', { key });
    expect(nul.status).toBe(422);
    expect(nul.body.error_list[0]).toMatchObject({ field: 'name_it', line: 2 });
    expect(nul.body.error_list[0]!.message).toContain('control character');

    const latin1 = new Uint8Array([...new TextEncoder().encode('slug,name_it\ncaff'), 0xe8, 0x0a]);
    const notUtf8 = await post<ErrorAnswer>('categories', latin1, { key });
    expect(notUtf8.status).toBe(422);
    expect(notUtf8.body.error_list[0]).toMatchObject({ code: 'file', line: 0 });
    expect(notUtf8.body.error_list[0]!.message).toContain('not UTF-8 text (first bad character on line 2)');

    const empty = await post<ErrorAnswer>('categories', '', { key });
    expect(empty.status).toBe(422);
    expect(empty.body.error_list[0]!.message).toContain('the file is empty');
  });

  it('a wrong content type or charset is 415, an unknown parameter 400, a body past the limit 413', async () => {
    const json = await post<ErrorAnswer>('categories', '[{"slug":"x"}]', { key, type: 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body.detail).toContain('text/csv');
    const latin = await post<ErrorAnswer>('categories', 'slug,name_it\nx,X\n', { key, type: 'text/csv; charset=iso-8859-1' });
    expect(latin.status).toBe(415);
    const param = await post<ErrorAnswer>('categories', 'slug,name_it\nx,X\n', { key, query: 'dryrun=1' });
    expect(param.status).toBe(400);
    expect(param.body.error_list[0]).toMatchObject({ field: 'dryrun', code: 'unknown_parameter' });
    const flag = await post<ErrorAnswer>('categories', 'slug,name_it\nx,X\n', { key, query: 'dry_run=maybe' });
    expect(flag.status).toBe(400);
    const huge = await post<ErrorAnswer>('categories', `slug,name_it\n${'x'.repeat(IMPORT_MAX_BODY_BYTES)}\n`, { key });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PayloadTooLarge');
  });

  it('a body above the sync limit but within the import limit is read (a real catalogue file)', async () => {
    // 6 MB: more than PUT /stock takes, a file of many rows with one problem on its last line.
    const line = 'una-categoria-qualunque,Una categoria qualunque\n';
    const rows = Math.ceil((6 * 1024 * 1024) / line.length);
    const text = `slug,name_it\n${line.repeat(rows)}`;
    const { status, body } = await post<ErrorAnswer>('categories', text, { key, query: 'dry_run=true' });
    expect(status).toBe(422);
    expect(body.error_list.length).toBeLessThanOrEqual(501);
    expect(body.error_list.at(-1)).toMatchObject({ code: 'more' });
  });
});

describe('the sync calls take dry_run too (what `npm run import -- stock … --server --dry-run` sends)', () => {
  it('PUT /stock?dry_run=true answers the summary and writes nothing', async () => {
    const stockKey = await makeKey(shop, ['stock']);
    const [before] = await queryRows<{ quantity: number }>(db(), sql`select quantity from products where code = 'ENO-0001'`);
    const response = await shop.call(`${MANAGE}/stock?dry_run=true`, { method: 'PUT', headers: { Authorization: `Bearer ${stockKey}`, 'Content-Type': 'text/csv' }, body: `ENO-0001;${before!.quantity + 7}\n` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ updated: 1, unchanged: 0 });
    const [after] = await queryRows<{ quantity: number }>(db(), sql`select quantity from products where code = 'ENO-0001'`);
    expect(after!.quantity).toBe(before!.quantity);
    const bad = await shop.call(`${MANAGE}/stock?dry_run=perhaps`, { method: 'PUT', headers: { Authorization: `Bearer ${stockKey}`, 'Content-Type': 'text/csv' }, body: 'ENO-0001;1\n' });
    expect(bad.status).toBe(400);
  });
});
