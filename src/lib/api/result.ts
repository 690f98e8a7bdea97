// Every call the storefront makes ends in a typed result, never a thrown error, so islands and
// pages decide what to show (spec section 8 messages come from the i18n catalogue).
import type { ErrorItem } from '../contract/common';
import { codeForStatus, type FailureCode } from '../contract/error-codes';

export interface ApiFailure {
  /** HTTP status, or 0 when the server could not be reached. */
  status: number;
  /** What to choose a message by: the API's `code`, or 'NetworkError' when there was no answer. */
  code: FailureCode;
  /** The API's English `detail`: for logs and build errors, never compared nor shown. */
  detail: string;
  errorList: ErrorItem[];
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

export const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });
/** A failed call; without a code, the one the status stands for (codeForStatus). */
export const fail = (status: number, detail: string, errorList: ErrorItem[] = [], code: FailureCode = codeForStatus(status)): ApiResult<never> => ({
  ok: false,
  error: { status, code, detail, errorList },
});

/** Unwraps a result where failure is a bug (build time): throws with the API's message. */
export function expectOk<T>(result: ApiResult<T>, what: string): T {
  if (result.ok) return result.data;
  throw new Error(`${what}: ${result.error.status} ${result.error.code} ${result.error.detail}`);
}
