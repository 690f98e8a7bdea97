// PGlite in a thread of its own (ADR 0034). The embedded database is PostgreSQL compiled to
// wasm: every statement, and the decoding of every answer, is computation on the thread that
// calls it. In the serving thread that was most of the CPU under load, and static files and
// every other request queued behind it. Here the engine runs in a worker thread
// (pglite-worker.ts) and this side offers the part of PGlite's interface that drizzle-orm/pglite
// uses (query, exec, transaction), forwarding statements and their parameters and getting rows
// back, so drizzle and all the code above it stay as they are.
//
// PGlite has one session. Its own locks, in the worker, keep the rules it has in one thread: a
// statement outside a transaction waits while one is open, and a transaction holds the session
// from BEGIN to COMMIT or ROLLBACK while its statements come and go between the threads.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { reviveError, type FromWorker, type ToWorker, type WorkerInit } from './pglite-protocol';

type Payload = ToWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

/** The subset of a PGlite transaction that drizzle-orm/pglite calls. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  readonly closed: boolean;
}

export interface PgliteThread {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  /** Closes PGlite (its files are complete on disk when this resolves) and ends the thread. */
  close(): Promise<void>;
  readonly closed: boolean;
}

// The worker is TypeScript, like the rest of the server: it loads tsx as the process did
// (`node --import tsx`), which a thread started from vitest or another loader lacks.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const workerExecArgv = () => (process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', tsxLoader]);

/** The parsers drizzle-orm/pglite passes leave values as text; anything else cannot cross threads. */
const textTypesOf = new WeakMap<object, number[]>();
function wireOptions(options: QueryOptions | undefined): { rowMode?: 'array' | 'object'; textTypes?: number[] } {
  if (!options) return {};
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length > 0) throw new Error(`PGlite in a worker thread takes only rowMode and text parsers, not ${Object.keys(rest).join(', ')}`);
  if (!parsers) return { rowMode };
  let textTypes = textTypesOf.get(parsers);
  if (!textTypes) {
    textTypes = Object.entries(parsers).map(([oid, parse]) => {
      if (parse('2026-01-02 03:04:05', Number(oid)) !== '2026-01-02 03:04:05') throw new Error(`PGlite in a worker thread: the parser of type ${oid} does not leave text as it is`);
      return Number(oid);
    });
    textTypesOf.set(parsers, textTypes);
  }
  return { rowMode, textTypes };
}

/** An error like a lost PostgreSQL server's, so that the edge answers 503 (faults.ts). */
function goneError(message: string, code: '57P01' | '57P02') {
  return Object.assign(new Error(message), { code });
}

export async function openPgliteThread(init: WorkerInit): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: init, execArgv: workerExecArgv() });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let gone: Error | undefined;
  let closing = false;

  // Like PGlite in one thread, the worker keeps the process alive only while a statement is on
  // its way: a command that forgets close() still ends.
  const settled = () => {
    if (pending.size === 0) worker.unref();
  };
  const fail = (error: Error) => {
    gone ??= error;
    for (const { reject } of pending.values()) reject(gone);
    pending.clear();
    settled();
  };
  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (message: FromWorker) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    settled();
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(reviveError(message.error));
  });
  worker.on('error', (error) => {
    console.error('[db] the embedded database thread failed:', error);
    fail(goneError(`the embedded database stopped: ${error.message}`, '57P02'));
  });
  worker.on('exit', (code) => fail(goneError(closing ? 'the embedded database is closed' : `the embedded database thread exited (${code})`, closing ? '57P01' : '57P02')));

  const send = (payload: Payload): Promise<unknown> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...payload, id });
      } catch (error) {
        // A parameter that cannot be copied to the other thread (DataCloneError).
        pending.delete(id);
        settled();
        reject(error as Error);
      }
    });
  };
  const query = <T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) =>
    send({ op: 'query', sql, params, ...wireOptions(options), tx }) as Promise<Results<T>>;
  const exec = (sql: string, tx?: number) => send({ op: 'exec', sql, tx }) as Promise<Results[]>;

  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  return {
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => exec(sql),
    async transaction(fn) {
      const tx = (await send({ op: 'begin' })) as number;
      let closed = false;
      const handle: ThreadTransaction = {
        query: (sql, params, options) => query(sql, params, options, tx),
        exec: (sql) => exec(sql, tx),
        get closed() {
          return closed;
        },
      };
      let result;
      try {
        result = await fn(handle);
      } catch (error) {
        closed = true;
        // As PGlite does: roll back, and say why the transaction failed (or why ROLLBACK did).
        await send({ op: 'end', tx, commit: false });
        throw error;
      }
      closed = true;
      await send({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (closing) return;
      closing = true;
      try {
        if (!gone) await send({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
    get closed() {
      return closing || gone !== undefined;
    },
  };
}
