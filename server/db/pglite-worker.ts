// The embedded database's own thread (ADR 0034): PGlite runs here, so that its wasm engine and
// the decoding of its answers never hold the thread that serves HTTP. The serving thread talks to
// it through pglite-thread.ts; this side only runs what it is sent, with PGlite's own locks:
// `query` and `exec` wait while a transaction is open, as they do in one thread.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { FromWorker, ToWorker, WorkerInit } from './pglite-protocol';
import { serializeError } from './pglite-protocol';

const port = parentPort!;
const init = workerData as WorkerInit;

/** Open transactions by id, each with what ends it: commit or not, and the message to answer then. */
const transactions = new Map<number, { tx: Transaction; finish: (commit: boolean, answerTo: number) => void }>();
let nextTx = 1;

/** Thrown into PGlite's transaction() to make it roll back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

const reply = (message: FromWorker) => port.postMessage(message);

// drizzle-orm/pglite's parsers all leave the text as it came (dates, intervals, numeric arrays):
// functions cannot cross threads, so the serving side sends their type ids.
// drizzle sends the same two sets for every statement, so each is made once.
const optionSets = new Map<string, QueryOptions>();
const asText = (value: string) => value;
function optionsOf(rowMode: 'array' | 'object' | undefined, textTypes: number[] | undefined): QueryOptions | undefined {
  if (!rowMode && !textTypes) return undefined;
  const key = `${rowMode ?? ''}:${textTypes?.join(',') ?? ''}`;
  let options = optionSets.get(key);
  if (!options) {
    options = {};
    if (rowMode) options.rowMode = rowMode;
    if (textTypes) options.parsers = Object.fromEntries(textTypes.map((oid) => [oid, asText]));
    optionSets.set(key, options);
  }
  return options;
}

async function open(): Promise<PGlite> {
  if (init.dumpFile) return PGlite.create({ loadDataDir: new Blob([await readFile(init.dumpFile)]) });
  return PGlite.create(init.dataDir);
}

const ready = open();
ready.then(
  () => reply({ id: 0, ok: true, value: null }),
  (error: unknown) => reply({ id: 0, ok: false, error: serializeError(error) }),
);

async function handle(pg: PGlite, message: ToWorker): Promise<unknown> {
  switch (message.op) {
    case 'query': {
      const target = message.tx === undefined ? pg : openTransaction(message.tx);
      return target.query(message.sql, message.params, optionsOf(message.rowMode, message.textTypes));
    }
    case 'exec': {
      const target = message.tx === undefined ? pg : openTransaction(message.tx);
      return target.exec(message.sql);
    }
    case 'begin':
      begin(pg, message.id);
      return undefined;
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`transaction ${message.tx} is not open`);
      open.finish(message.commit, message.id);
      return undefined;
    }
    case 'close':
      await pg.close();
      return null;
  }
}

function openTransaction(id: number): Transaction {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/**
 * Opens a transaction and answers the begin message with its id once BEGIN ran. It stays open,
 * holding PGlite's transaction lock, until an 'end' message arrives; that one is answered after
 * COMMIT or ROLLBACK, with COMMIT's error if it failed.
 */
function begin(pg: PGlite, beginId: number) {
  const id = nextTx++;
  let answerTo = beginId;
  pg.transaction(async (tx) => {
    const commit = await new Promise<boolean>((resolve) => {
      transactions.set(id, {
        tx,
        finish: (commit, endId) => {
          answerTo = endId;
          resolve(commit);
        },
      });
      reply({ id: beginId, ok: true, value: id });
    });
    transactions.delete(id);
    if (!commit) throw ROLLBACK;
  }).then(
    () => reply({ id: answerTo, ok: true, value: null }),
    (error: unknown) => {
      transactions.delete(id);
      // A failed BEGIN answers the begin message; a failed COMMIT or ROLLBACK, the end message.
      if (error === ROLLBACK) reply({ id: answerTo, ok: true, value: null });
      else reply({ id: answerTo, ok: false, error: serializeError(error) });
    },
  );
}

port.on('message', (message: ToWorker) => {
  ready
    .then((pg) => handle(pg, message))
    .then(
      (value) => {
        // begin and end are answered by the transaction itself.
        if (message.op !== 'begin' && message.op !== 'end') reply({ id: message.id, ok: true, value });
      },
      (error: unknown) => {
        // A trap in the engine (emscripten's abort, a memory fault) leaves its state undefined:
        // end the thread without answering, so that the statement fails as "database away" and
        // the serving side opens the folder again (pglite-thread.ts).
        if (error instanceof WebAssembly.RuntimeError) {
          console.error('[db] the embedded database aborted:', error.message);
          process.exit(70);
        }
        reply({ id: message.id, ok: false, error: serializeError(error) });
      },
    );
});
