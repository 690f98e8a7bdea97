// Every call the storefront makes ends in a typed result, never a thrown error, so islands and
// pages decide what to show (spec section 8 messages come from the i18n catalogue).
import type { ErrorItem } from '../contract/common';

export interface ApiFailure {
  /** HTTP status, or 0 when the server could not be reached. */
  status: number;
  /** The API's `detail` (may be a code such as "quantity_not_available"). */
  detail: string;
  errorList: ErrorItem[];
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

export const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });
export const fail = (status: number, detail: string, errorList: ErrorItem[] = []): ApiResult<never> => ({
  ok: false,
  error: { status, detail, errorList },
});

/** Unwraps a result where failure is a bug (build time): throws with the API's message. */
export function expectOk<T>(result: ApiResult<T>, what: string): T {
  if (result.ok) return result.data;
  throw new Error(`${what}: ${result.error.status} ${result.error.detail}`);
}
