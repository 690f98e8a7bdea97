// npm run keys -- create <name> --scope stock,prices | list | revoke <name>: the shop owner's keys
// for the management API (ADR 0028). The key is printed once, at creation; only its hash is kept.
// On PGlite run it while the shop is stopped (one process per data folder); on PostgreSQL at any time.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { ShopError } from '../shop-errors';
import { API_KEY_SCOPES, createApiKey, listApiKeys, parseScopes, revokeApiKey, type ApiKeyListing } from './api-keys';

const USAGE = `Usage:
  npm run keys -- create <name> --scope ${API_KEY_SCOPES.join(',')}
  npm run keys -- list
  npm run keys -- revoke <name>`;

const { values, positionals } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: { scope: { type: 'string' } }, allowPositionals: true, strict: false });
const [command, name] = positionals;

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');
const line = (k: ApiKeyListing) =>
  `  ${k.name.padEnd(24)} ${`${k.prefix}…`.padEnd(16)} ${k.scopes.join(',').padEnd(28)} created ${day(k.createdAt)}  last used ${day(k.lastUsedAt)}${k.revokedAt ? `  REVOKED ${day(k.revokedAt)}` : ''}`;

if (!command || !['create', 'list', 'revoke'].includes(command) || (command !== 'list' && !name)) {
  console.error(USAGE);
  process.exit(2);
}

const database = await openConfiguredDatabase(loadConfig());
try {
  await database.migrate();
  if (command === 'create') {
    const scope = typeof values.scope === 'string' ? values.scope : '';
    const { key, holder } = await createApiKey(database.db, name!, parseScopes(scope), new Date());
    console.log(`[keys] key '${holder.name}' created with scope ${holder.scopes.join(',')}. Copy it now, it is not shown again:\n${key}`);
  } else if (command === 'list') {
    const keys = await listApiKeys(database.db);
    console.log(`[keys] ${keys.length} key(s)`);
    for (const k of keys) console.log(line(k));
  } else {
    const revoked = await revokeApiKey(database.db, name!, new Date());
    console.log(`[keys] key '${revoked.name}' is revoked (since ${day(revoked.revokedAt)}); calls with it are refused from now on.`);
  }
} catch (error) {
  if (!(error instanceof ShopError)) throw error;
  console.error(`[keys] ${error.detail}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
