// PGlite's worker thread dying under the shop (ADR 0034): the statements on their way fail as
// "database unavailable" (503 + Retry-After, the error shape, no stack), a new thread opens the
// same data folder by itself, and what was committed before the crash is still there while the
// transaction the crash cut short is not. The crash is the thread ended from outside
// (worker.terminate(), as an uncaught error or a wasm abort would end it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createApi } from '../../server/api/app';
import { openDatabase, type Database } from '../../server/db/client';
import { currentWorkerOf, type PgliteThread } from '../../server/db/pglite-thread';
import { products } from '../../server/db/schema';
import { makeProduct } from '../support/checkout-fixtures';

let dir: string;
let database: Database;
let api: ReturnType<typeof createApi>;
/** Wide enough that requests sent after the crash meet the restart still waiting. */
const FIRST_DELAY_MS = 1_500;

const thread = () => (database.db as unknown as { $client: PgliteThread }).$client;
const detail = (slug: string) => api.request(`/api/v3/client/products/p/${slug}/`);

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A 503 as the edge answers "the database is away": Retry-After, the error shape, nothing internal. */
async function expectUnavailable(response: Response) {
  const text = await response.text();
  expect(response.status, text).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = JSON.parse(text) as { detail?: unknown; error_list?: unknown; code?: unknown };
  expect(body).toMatchObject({ error_list: [], code: 'ServiceUnavailable' });
  expect(typeof body.detail).toBe('string');
  expect(text).not.toMatch(/pglite|worker|\bat \S+:\d+|57P0/i);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pglite-restart-'));
  database = await openDatabase({
    dataDir: path.join(dir, 'pglite'),
    pgliteThread: true,
    pgliteRestart: { firstDelayMs: FIRST_DELAY_MS, maxDelayMs: 4 * FIRST_DELAY_MS, stableAfterMs: 60_000 },
  });
  await database.migrate();
  api = createApi({ db: database.db, authDelayMs: 0 });
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PGlite in a worker thread that dies', () => {
  it('answers 503 for what was on its way and while it restarts, then serves the same folder again with what was committed', async () => {
    // The crash and the restart are logged as they should be in a shop; here they are noise.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => quiet.mockRestore());
    const kept = await makeProduct(database.db, { quantity: 7 });
    const keptSlug = kept.code.toLowerCase();
    expect((await detail(keptSlug)).status).toBe(200);

    // A transaction left open holds PGlite's one session: the requests below queue behind it in
    // the thread, so they are surely on their way when it dies.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const lostCode = `LOST-${Date.now()}`;
    const cutShort = database.db
      .transaction(async (tx) => {
        await tx.insert(products).values({ code: lostCode, slug: lostCode.toLowerCase(), standardPrice: 1, vatRate: 22 });
        inserted();
        await gate;
        await tx.update(products).set({ quantity: 1 }).where(eq(products.code, lostCode));
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await insertDone;
    const onTheirWay = [detail(keptSlug), detail(keptSlug), api.request('/api/v3/client/products/p/?page_size=12')];
    await new Promise((resolve) => setTimeout(resolve, 200));

    const dead = currentWorkerOf(thread());
    expect(dead).toBeDefined();
    await dead!.terminate();
    release();

    for (const response of await Promise.all(onTheirWay)) await expectUnavailable(response);
    // The transaction's next statement failed as "database away" too (SQLSTATE 57P02, through drizzle's wrapper).
    const failure = (await cutShort) as { cause?: { code?: string } } | undefined;
    expect(failure?.cause?.code ?? (failure as { code?: string } | undefined)?.code).toBe('57P02');

    // Before the restart's delay is over: still 503, fast, never 500.
    await expectUnavailable(await detail(keptSlug));
    expect(currentWorkerOf(thread())).toBeUndefined();

    // By itself, a new thread on the same folder: the committed product is there, the insert
    // of the transaction the crash cut short is not, and writes work again.
    const back = await waitFor('the product answers 200 again', async () => {
      const response = await detail(keptSlug);
      return response.status === 200 ? ((await response.json()) as { code: string }) : undefined;
    }, 30_000);
    expect(back.code).toBe(kept.code);
    const again = currentWorkerOf(thread());
    expect(again).toBeDefined();
    expect(again!.threadId).not.toBe(dead!.threadId);
    expect(await database.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, kept.id))).toEqual([{ quantity: 7 }]);
    expect(await database.db.select().from(products).where(eq(products.code, lostCode))).toEqual([]);
    const later = await makeProduct(database.db, { quantity: 3 });
    expect((await detail(later.code.toLowerCase())).status).toBe(200);
  }, 90_000);

  it('restarts again after a second crash, and close() during the wait starts no thread after it', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => quiet.mockRestore());
    const product = await makeProduct(database.db, { quantity: 2 });
    await currentWorkerOf(thread())!.terminate();
    await expectUnavailable(await detail(product.code.toLowerCase()));
    await waitFor('the product answers 200 again', async () => ((await detail(product.code.toLowerCase())).status === 200 ? true : undefined), 30_000);

    // Crashed, then closed before the restart's delay is over: nothing opens the folder after close().
    await currentWorkerOf(thread())!.terminate();
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 3 * FIRST_DELAY_MS));
    expect(currentWorkerOf(thread())).toBeUndefined();
    const closed = (await database.db.select().from(products).limit(1).catch((e: unknown) => e)) as { cause?: { code?: string } };
    expect(closed.cause?.code).toBe('57P01');
    // The folder is free again: another opening (in this thread) finds both products.
    const reopened = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    try {
      const codes = (await reopened.db.select({ code: products.code }).from(products)).map((p) => p.code);
      expect(codes).toContain(product.code);
    } finally {
      await reopened.close();
    }
  }, 90_000);
});
