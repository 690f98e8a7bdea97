// What the serving thread and the embedded database's thread say to each other (ADR 0034).
import { messages } from '@electric-sql/pglite';

/** How the thread opens PGlite: a data folder, a data-dir dump (tests), or nothing (in memory). */
export interface WorkerInit {
  dataDir?: string;
  dumpFile?: string;
}

export type ToWorker =
  | { id: number; op: 'query'; sql: string; params: unknown[] | undefined; rowMode?: 'array' | 'object'; textTypes?: number[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** Id 0 answers the opening of the database. */
export type FromWorker = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/** An error's own fields that carry meaning (PostgreSQL's code, constraint, detail...), as plain values. */
export type SerializedError = Record<string, string | number | boolean | null>;

/**
 * Errors cross threads as plain objects: a structured clone keeps only an Error's message and
 * stack, and the code reads `code` and `constraint` (PostgreSQL's SQLSTATE) off them.
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', database: false };
  const out: SerializedError = { message: error.message, name: error.name, stack: error.stack ?? null, database: error instanceof messages.DatabaseError };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value as string | number | boolean | null;
  }
  return out;
}

/** The error as the driver in this thread would have thrown it: PGlite's DatabaseError with the same fields. */
export function reviveError(serialized: SerializedError): Error {
  const { message, name, stack, database, ...fields } = serialized;
  const error = database
    ? new messages.DatabaseError(String(message), Number(fields.length ?? 0), 'error')
    : new Error(String(message));
  Object.assign(error, fields);
  // DatabaseError declares its name read-only; PGlite's errors are named 'error'.
  if (typeof name === 'string') Object.defineProperty(error, 'name', { value: name, writable: true, enumerable: database === true, configurable: true });
  // The worker's stack says where the engine failed; the caller's own stack is in the wrapper.
  if (typeof stack === 'string') error.stack = stack;
  return error;
}
