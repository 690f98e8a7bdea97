import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isTransientConflict } from './faults';

/** A driver error as node-postgres makes it: a message and a SQLSTATE code. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
/** Drizzle's wrapper: the query and its parameters in the message, the driver's error as cause. */
const drizzled = (cause: unknown, params = '') => Object.assign(new Error(`Failed query: select 1\nparams: ${params}`), { query: 'select 1', params: [params], cause });

describe('isDatabaseUnavailable', () => {
  it('recognises dropped, refused and shut-down connections by SQLSTATE', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300', '57014']) {
      expect(isDatabaseUnavailable(pgError(code, 'x')), code).toBe(true);
    }
  });

  it('recognises socket errors and what node-postgres and pg-pool say', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']) {
      expect(isDatabaseUnavailable(Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code })), code).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'Connection terminated',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
      'the database system is starting up',
      'Cannot use a pool after calling end on the pool',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
  });

  it('looks through Drizzle\'s wrapper and AggregateErrors to the cause', () => {
    expect(isDatabaseUnavailable(drizzled(pgError('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isDatabaseUnavailable(drizzled(new Error('Connection terminated unexpectedly')))).toBe(true);
    const refused = new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], '');
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('leaves every other error alone: constraint, syntax, data, and bugs', () => {
    expect(isDatabaseUnavailable(drizzled(pgError('23505', 'duplicate key value violates unique constraint "orders_idempotency_uq"')))).toBe(false);
    expect(isDatabaseUnavailable(drizzled(pgError('42601', 'syntax error at or near "selct"')))).toBe(false);
    expect(isDatabaseUnavailable(pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });

  it('does not read the words of a visitor quoted in a failed query', () => {
    // A search for "connection terminated" that failed for another reason is not an outage.
    expect(isDatabaseUnavailable(drizzled(pgError('22P02', 'invalid input syntax'), 'connection terminated'))).toBe(false);
  });

  it('ends on a cycle of causes', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('isTransientConflict', () => {
  it('recognises a deadlock victim and a failed serialisation, also inside Drizzle\'s wrapper', () => {
    expect(isTransientConflict(pgError('40P01', 'deadlock detected'))).toBe(true);
    expect(isTransientConflict(drizzled(pgError('40001', 'could not serialize access due to concurrent update')))).toBe(true);
  });
  it('leaves every other error alone, and is not a lost connection', () => {
    for (const code of ['23505', '22P02', '57P01', '08006']) expect(isTransientConflict(drizzled(pgError(code, 'x'))), code).toBe(false);
    expect(isDatabaseUnavailable(pgError('40P01', 'deadlock detected'))).toBe(false);
    expect(isTransientConflict(new Error('deadlock detected'))).toBe(false);
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(isTransientConflict(a)).toBe(false);
  });
});
