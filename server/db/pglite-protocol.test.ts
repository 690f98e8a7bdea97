import { messages } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { reviveError, serializeError } from './pglite-protocol';

const across = (error: unknown) => reviveError(structuredClone(serializeError(error)));

describe('errors between the threads', () => {
  it('keep PostgreSQL fields and come back as PGlite DatabaseError', () => {
    const original = Object.assign(new messages.DatabaseError('duplicate key value violates unique constraint "orders_idem_uq"', 120, 'error'), {
      code: '23505',
      constraint: 'orders_idem_uq',
      detail: 'Key (customer_id, idempotency_key)=(1, k) already exists.',
      table: 'orders',
      severity: 'ERROR',
      query: 'insert into orders ...',
      params: [1, 'k'],
      queryOptions: { parsers: { 1184: (v: string) => v } },
    });
    const revived = across(original);
    expect(revived).toBeInstanceOf(messages.DatabaseError);
    expect(revived).toMatchObject({ message: original.message, name: 'error', code: '23505', constraint: 'orders_idem_uq', table: 'orders', severity: 'ERROR', query: 'insert into orders ...' });
    // What cannot cross (functions, the parameters) is left out rather than failing the clone.
    expect(revived).not.toHaveProperty('queryOptions');
    expect(revived.stack).toBe(original.stack);
  });

  it('keep a plain error plain, and a thrown non-error readable', () => {
    const revived = across(new Error('Transaction is closed'));
    expect(revived).not.toBeInstanceOf(messages.DatabaseError);
    expect(revived.message).toBe('Transaction is closed');
    expect(across('boom').message).toBe('boom');
  });
});
