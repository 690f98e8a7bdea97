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
//
// A thread that dies (a wasm abort, an uncaught error) takes its open transactions and the
// statements on their way with it: they fail as with a PostgreSQL server that went away (503).
// With a data folder, a new thread opens the same folder once the old one has ended (PGlite's
// folder has one writer), after a backoff; until then statements fail the same way.
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
function goneError(message: string, code: '57P01' | '57P02' | '57P03') {
  return Object.assign(new Error(message), { code });
}

/** How a thread that died is replaced: the first delay, doubled on each failure in a row, up to the last. */
export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A thread that served this long before it died starts the delays again from the first. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = { firstDelayMs: 250, maxDelayMs: 30_000, stableAfterMs: 60_000 };

/** One worker and the statements sent to it: a restart starts a new one, never reusing the old one's transactions. */
interface Generation {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** Why it takes no more statements (closed, failed, exited). */
  gone?: Error;
  /** Resolves once the thread has ended: only then may another open the same files. */
  exited: Promise<void>;
  openedAt: number;
}

const workers = new WeakMap<PgliteThread, () => Worker | undefined>();

/**
 * Test hook for the fault tests: the thread's current worker, to end it (worker.terminate()) as a
 * crash would. Undefined while a restart is under way or once closed.
 */
export function currentWorkerOf(thread: PgliteThread): Worker | undefined {
  return workers.get(thread)?.();
}

/**
 * Opens PGlite in a worker thread. With a data folder, a thread that ends without close() (a crash,
 * a wasm abort) is replaced by a new one on the same folder, after a backoff and only once the old
 * thread has ended; meanwhile statements fail as a PostgreSQL server that is away would (503).
 * In memory or from a dump there is nothing to come back to: the thread stays gone.
 */
export async function openPgliteThread(init: WorkerInit, options: { restart?: RestartPolicy | false; log?: (message: string) => void } = {}): Promise<PgliteThread> {
  const restart = init.dataDir && !init.dumpFile && options.restart !== false ? (options.restart ?? DEFAULT_RESTART) : undefined;
  const log = options.log ?? ((message: string) => console.error(`[db] ${message}`));
  let nextId = 1;
  let closing = false;
  let current: Generation | undefined;
  /** The generation being opened by a restart, if any (close() waits for it). */
  let starting: Promise<Generation | undefined> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let failuresInARow = 0;
  /** Set when the thread is gone for good (no restart): every statement fails with it. */
  let dead: Error | undefined;

  function start(): { generation: Generation; opened: Promise<void> } {
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: init, execArgv: workerExecArgv() });
    let markExited!: () => void;
    const generation: Generation = { worker, pending: new Map(), exited: new Promise<void>((resolve) => (markExited = resolve)), openedAt: Date.now() };
    const { pending } = generation;
    // Like PGlite in one thread, the worker keeps the process alive only while a statement is on
    // its way: a command that forgets close() still ends.
    const settled = () => {
      if (pending.size === 0) worker.unref();
    };
    const fail = (error: Error) => {
      generation.gone ??= error;
      for (const { reject } of pending.values()) reject(generation.gone);
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
      log(`the embedded database thread failed: ${error.stack ?? error.message}`);
      fail(goneError(`the embedded database stopped: ${error.message}`, '57P02'));
    });
    worker.on('exit', (code) => {
      fail(goneError(closing ? 'the embedded database is closed' : `the embedded database thread exited (${code})`, closing ? '57P01' : '57P02'));
      markExited();
      if (current === generation) {
        current = undefined;
        if (!closing) died(generation, code);
      }
    });
    return { generation, opened };
  }

  /** Opens a generation; on failure ends its thread and waits until it has ended. */
  async function open(): Promise<Generation> {
    const { generation, opened } = start();
    try {
      await opened;
      generation.openedAt = Date.now();
      return generation;
    } catch (error) {
      await generation.worker.terminate();
      await generation.exited;
      throw error;
    }
  }

  function died(generation: Generation, code: number) {
    if (!restart) {
      dead = generation.gone;
      log(`the embedded database thread exited (${code}); it holds no data folder to reopen, so statements fail until the process restarts`);
      return;
    }
    if (Date.now() - generation.openedAt >= restart.stableAfterMs) failuresInARow = 0;
    scheduleRestart(`the embedded database thread exited (${code})`);
  }

  function scheduleRestart(why: string) {
    const delay = Math.min(restart!.maxDelayMs, restart!.firstDelayMs * 2 ** failuresInARow);
    failuresInARow++;
    log(`${why}; starting a new one on ${init.dataDir} in ${delay} ms`);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (closing) return;
      starting = open().then(
        (generation) => {
          if (closing) {
            // close() came while it opened: it waits for `starting` and closes this one.
            return generation;
          }
          current = generation;
          log(`the embedded database is back on ${init.dataDir}`);
          return generation;
        },
        (error: unknown) => {
          if (!closing) scheduleRestart(`a new embedded database thread failed to open (${error instanceof Error ? error.message : String(error)})`);
          return undefined;
        },
      );
      void starting.finally(() => (starting = undefined));
    }, delay);
    // A restart alone keeps no process alive (a server's listener does).
    restartTimer.unref();
  }

  /** Sends a message to one generation's thread; answers its reply. */
  const post = (generation: Generation, payload: Payload): Promise<unknown> => {
    if (generation.gone) return Promise.reject(generation.gone);
    const { worker, pending } = generation;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...payload, id });
      } catch (error) {
        // A parameter that cannot be copied to the other thread (DataCloneError).
        pending.delete(id);
        if (pending.size === 0) worker.unref();
        reject(error as Error);
      }
    });
  };
  const send = (payload: Payload, to?: Generation): Promise<unknown> => {
    if (closing) return Promise.reject(goneError('the embedded database is closed', '57P01'));
    const generation = to ?? current;
    if (!generation) return Promise.reject(dead ?? goneError('the embedded database is restarting', '57P03'));
    return post(generation, payload);
  };
  const query = <T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, to?: Generation, tx?: number) =>
    send({ op: 'query', sql, params, ...wireOptions(options), tx }, to) as Promise<Results<T>>;
  const exec = (sql: string, to?: Generation, tx?: number) => send({ op: 'exec', sql, tx }, to) as Promise<Results[]>;

  current = await open();

  const thread: PgliteThread = {
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => exec(sql),
    async transaction(fn) {
      // A transaction lives and dies with its thread: after a restart its id means nothing.
      const generation = current;
      const tx = (await send({ op: 'begin' }, generation)) as number;
      let closed = false;
      const handle: ThreadTransaction = {
        query: (sql, params, options) => query(sql, params, options, generation, tx),
        exec: (sql) => exec(sql, generation, tx),
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
        await send({ op: 'end', tx, commit: false }, generation);
        throw error;
      }
      closed = true;
      await send({ op: 'end', tx, commit: true }, generation);
      return result;
    },
    async close() {
      if (closing) return;
      closing = true;
      clearTimeout(restartTimer);
      // A thread a restart is opening right now is closed as well, once open.
      const opening = await starting;
      for (const generation of new Set([current, opening])) {
        if (!generation) continue;
        try {
          // Closes PGlite in its thread (its files complete on disk) after the statements before it.
          if (!generation.gone) await post(generation, { op: 'close' });
        } finally {
          await generation.worker.terminate();
          await generation.exited;
        }
      }
      current = undefined;
    },
    get closed() {
      return closing || dead !== undefined;
    },
  };
  workers.set(thread, () => current?.worker);
  return thread;
}
