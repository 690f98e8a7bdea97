// The demo's customers, agents, users, addresses and agreed prices are in samples/demo/ and come in
// through the importer (demo-files.ts). Imported users get no password anybody knows: the demo
// logins' passwords are set here, with the one login that must change it at the next sign-in.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hashPassword } from '../auth/passwords';

/** The demo logins, printed at start and listed in the README. */
export const DEMO_LOGINS = [
  { username: 'agent@example.com', password: 'Agent-2026!', who: 'sales agent with assigned customers' },
  { username: 'b2b@example.com', password: 'Customer-2026!', who: 'user of a business customer (Cantina dei Colli)' },
  { username: 'b2b2@example.com', password: 'Customer-2026!', who: 'user of another business customer (Birrificio Monte Alto)' },
  { username: 'consumer@example.com', password: 'Consumer-2026!', who: 'consumer (B2C)' },
  { username: 'renew@example.com', password: 'Renew-2026!', who: 'business customer user who must change the password at next login' },
] as const;

/** Every demo user's password (the README lists them); users of samples/demo/ not named here keep none. */
const PASSWORDS: Record<string, string> = {
  ...Object.fromEntries(DEMO_LOGINS.map((l) => [l.username, l.password])),
  'agent2@example.com': 'Agent2-2026!',
  'lucia@sierranorte.example': 'Customer-2026!',
  'elena@ilglicine.example': 'Customer-2026!',
};
const MUST_CHANGE_PASSWORD = ['renew@example.com'];

export async function setDemoPasswords(db: Db) {
  const distinct = [...new Set(Object.values(PASSWORDS))];
  const hashes = new Map(await Promise.all(distinct.map(async (p) => [p, await hashPassword(p)] as const)));
  const users = Object.entries(PASSWORDS);
  await db.execute(sql`update users u set password_hash = t.hash, must_change_password = t.renew
    from unnest(${sql.param(users.map(([u]) => u))}::text[], ${sql.param(users.map(([, p]) => hashes.get(p)!))}::text[],
                ${sql.param(users.map(([u]) => MUST_CHANGE_PASSWORD.includes(u)))}::boolean[]) as t(email, hash, renew)
    where lower(u.email) = t.email`);
}
