// Cell types and look-ups shared by the customers, users and addresses kinds: e-mail addresses,
// VAT numbers by the shop's own rule (the one sign-up uses), customer codes resolved in one query.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { normalizeVatNumber, vatNumberIssue } from '../../src/lib/rules/trade-account';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { arrayParam } from './batch-sql';
import { textCell } from './cell-values';

export const emailCell = v.pipe(textCell(254), v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'is not an e-mail address'), v.transform((s) => s.toLowerCase()));

export const phoneCell = v.pipe(textCell(25), v.regex(/^\+?[0-9][0-9 ()./-]{4,24}$/, 'is not a phone number (digits, spaces and + ( ) . / - only)'));

/** Stored as sign-up stores it: upper case, no spaces or dots, an Italian number with its IT prefix. */
export const vatNumberCell = v.pipe(
  textCell(20),
  v.check((s) => vatNumberIssue(s) !== 'format', 'is not a VAT number (e.g. IT01234567897 or ESB12345678)'),
  v.check((s) => vatNumberIssue(s) !== 'checkDigit', 'is not a valid Italian VAT number: its check digit does not match'),
  v.transform((s) => {
    const vat = normalizeVatNumber(s);
    return /^\d{11}$/.test(vat) ? `IT${vat}` : vat;
  }),
);

/** The customer ids of the codes that exist. */
export async function customerIdsByCode(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; code: string }>(db, sql`select id, code from customers where code = any(${arrayParam([...new Set(codes)], 'text')})`);
  return new Map(rows.map((r) => [r.code, r.id]));
}

