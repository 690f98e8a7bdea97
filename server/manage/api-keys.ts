// Keys of the management API (ADR 0028): created and revoked by the shop owner from the command
// line, sent by integrations as `Authorization: Bearer <key>`. A key is 32 random bytes, so a
// plain SHA-256 of it is as safe to store as a slow password hash and is found by an index.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { API_KEY_SCOPES, apiKeys, type ApiKeyScope } from '../db/schema';
import { shopError } from '../shop-errors';

export { API_KEY_SCOPES, type ApiKeyScope };

/** Every key starts so: a scanner for leaked secrets (or a person) can tell what it is. */
export const KEY_MARK = 'vsk_';
/** How much of the key lists show: the mark and eight characters of the random part. */
const PREFIX_LENGTH = KEY_MARK.length + 8;
/** last_used_at is written at most this often per key, so busy integrations do not write on every call. */
const LAST_USED_GRANULARITY_MS = 60_000;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

export interface ApiKeyHolder {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
}

export interface ApiKeyListing extends ApiKeyHolder {
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export const isApiKeyScope = (value: string): value is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(value);

/** The scopes of a comma-separated list; refuses an empty list and names an unknown scope. */
export function parseScopes(list: string): ApiKeyScope[] {
  const asked = [...new Set(list.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))];
  const unknown = asked.filter((s) => !isApiKeyScope(s));
  if (unknown.length || !asked.length) {
    const message = unknown.length
      ? `Unknown scope ${unknown.map((s) => `'${s}'`).join(', ')}; the scopes are ${API_KEY_SCOPES.join(', ')}.`
      : `Give at least one scope: ${API_KEY_SCOPES.join(', ')}.`;
    throw shopError('ValidationFailed', [{ field: 'scope', code: 'invalid', message }], message);
  }
  return asked.filter(isApiKeyScope);
}

/** Creates a key; the answer holds the key itself, which is never stored nor shown again. */
export async function createApiKey(db: Db, name: string, scopes: ApiKeyScope[], now: Date): Promise<{ key: string; holder: ApiKeyListing }> {
  if (!NAME.test(name)) {
    const message = `'${name}' is not a key name: use letters, digits, dot, dash or underscore, at most 63, starting with a letter or digit.`;
    throw shopError('ValidationFailed', [{ field: 'name', code: 'invalid', message }], message);
  }
  const key = KEY_MARK + randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(apiKeys)
    .values({ name, prefix: key.slice(0, PREFIX_LENGTH), secretHash: hashOf(key), scopes, createdAt: now })
    .onConflictDoNothing({ target: apiKeys.name })
    .returning();
  if (!row) {
    const message = `A key named '${name}' exists already (revoked keys keep their name, so the audit log stays unambiguous).`;
    throw shopError('Conflict', [{ field: 'name', code: 'conflict', message }], message);
  }
  return { key, holder: listing(row) };
}

export async function listApiKeys(db: Db): Promise<ApiKeyListing[]> {
  const rows = await db.select().from(apiKeys).orderBy(asc(apiKeys.name));
  return rows.map(listing);
}

/** Revokes the key of that name at once; revoking it again changes nothing. */
export async function revokeApiKey(db: Db, name: string, now: Date): Promise<ApiKeyListing> {
  await db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.name, name), isNull(apiKeys.revokedAt)));
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.name, name));
  if (!row) {
    const message = `There is no key named '${name}'.`;
    throw shopError('NotFound', [{ field: 'name', code: 'not_found', message }], message);
  }
  return listing(row);
}

/** The live key a caller sent, noting its use; null for an unknown or revoked key. */
export async function apiKeyHolder(db: Db, key: string, now: Date): Promise<ApiKeyHolder | null> {
  if (!key.startsWith(KEY_MARK) || key.length > 200) return null;
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hashOf(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    const before = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, before))));
  }
  return { id: row.id, name: row.name, scopes: row.scopes };
}

function listing(row: typeof apiKeys.$inferSelect): ApiKeyListing {
  return { id: row.id, name: row.name, scopes: row.scopes, prefix: row.prefix, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, revokedAt: row.revokedAt };
}
