// Last resort for input the contract let through but PostgreSQL refuses (SQLSTATE class 22,
// "data exception": 22021 NUL in text, 22P05 NUL in jsonb, 22003 numeric overflow, 22P02 bad
// number syntax...). The value came from the request, so the answer is a 400, not a 500; it is
// still logged, because each one is a check missing from the contract (ADR 0012).
import { apiError, type ApiError } from './errors';

/** The SQLSTATE of a database error, looking through the wrappers (Drizzle wraps the driver's). */
function sqlStateOf(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

/** The 400 for a data exception raised by a request's values, or undefined for any other error. */
export function dataExceptionAnswer(error: unknown): ApiError | undefined {
  const state = sqlStateOf(error);
  if (!state?.startsWith('22')) return undefined;
  console.warn('[api] data exception %s: a contract check is missing', state, error instanceof Error ? error.message.slice(0, 300) : '');
  return apiError('InvalidValue');
}
