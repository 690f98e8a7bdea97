// Tells "the database is not there right now" (a dropped or refused connection, a server
// shutting down or starting up, a full pool) from every other database error. Such failures say
// nothing about the request: the edge answers "try again shortly" (HTTP 503) instead of blaming
// the request or the code, and background loops try again next round.

/**
 * SQLSTATE codes of lost or refused connections: class 08 (connection exception), 57P01-57P03
 * (administrator shutdown / crash shutdown / cannot connect now, e.g. starting up or shutting down),
 * 53300 (too many connections) and 57014 (query canceled, which is what a statement timeout says).
 */
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '08007', '57P01', '57P02', '57P03', '57P05', '53300', '57014']);

/** Socket errors on the way to the database server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN',
]);

/** What node-postgres and pg-pool say when a connection is gone or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
  /cannot use a pool after calling end/i,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  query?: unknown;
}

function matches(error: ErrorLike): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  // A SQLSTATE of another class is the database answering: it is there.
  if (code && /^[0-9A-Z]{5}$/.test(code)) return false;
  // Drizzle's wrapper quotes the query and its parameters (which may be anything a visitor
  // typed): only its cause speaks.
  if (typeof error.query === 'string') return false;
  const message = typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when the error (or what caused it: Drizzle wraps driver errors in `cause`, and a refused
 * connection to a host with several addresses is an AggregateError) says the database could not
 * be reached or dropped the connection, rather than that the query or the data were wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 20) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const e = current as ErrorLike;
    if (matches(e)) return true;
    if (e.cause !== undefined) queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...(e.errors as unknown[]));
  }
  return false;
}

/**
 * SQLSTATE 40P01 (chosen as a deadlock's victim) and 40001 (could not serialise): the database
 * rolled the whole transaction back and nothing of it stays, so running it again is safe. Not the
 * request's fault: the caller may plan and run it again, and the edge answers "try again shortly".
 */
export function isTransientConflict(error: unknown): boolean {
  for (let e = error as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 10; e = e.cause as ErrorLike | undefined, depth++) {
    if (e.code === '40P01' || e.code === '40001') return true;
  }
  return false;
}
