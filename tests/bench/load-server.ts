// The shop the load section (load-bench.ts) drives: the API of a demo shop, served as `npm run
// serve` serves it (its HTTP listener) but without a site build (the section measures the JSON API only). It loads
// the server code from LOAD_ROOT (default: this checkout), so the same section can measure
// another checkout's code (say, main before a change) in the same sitting.
//
// With LOAD_RECORD_FILE set, it first answers LOAD_RECORD_PATH once in process and writes the SQL
// statements that answer sent (text and values, as node-postgres got them) to that file: the
// section replays them as the prepared-SQL floor.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type pgModule from 'pg';
import type * as ConfigModule from '../../server/config';
import type * as RuntimeModule from '../../server/runtime';
import type * as SeedModule from '../../server/seed/seed';

const root = path.resolve(process.env.LOAD_ROOT ?? path.join(import.meta.dirname, '../..'));
const load = <T>(file: string): Promise<T> => import(pathToFileURL(path.join(root, file)).href) as Promise<T>;

type Recorded = { text: string; values: unknown[] };
const recorded: Recorded[] = [];
let recording = false;
if (process.env.LOAD_RECORD_FILE) {
  // The pg the server's drizzle uses (the checkout's own node_modules).
  const pg = createRequire(path.join(root, 'package.json'))('pg') as typeof pgModule;
  const query = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
  pg.Pool.prototype.query = function (this: unknown, ...args: unknown[]) {
    if (recording) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof first === 'string' ? first : first.text;
      const values = (Array.isArray(second) ? second : typeof first === 'object' ? first.values : undefined) ?? [];
      recorded.push({ text, values });
    }
    return query.apply(this, args);
  } as typeof pg.Pool.prototype.query;
}

const { loadConfig } = await load<typeof ConfigModule>('server/config.ts');
const { openShop } = await load<typeof RuntimeModule>('server/runtime.ts');
const { demoSeed } = await load<typeof SeedModule>('server/seed/seed.ts');

const log = (m: string) => console.log(`[shop] ${m}`);
const config = loadConfig();
const shop = await openShop(config, { prepare: demoSeed(config.dataDir, log), log });
if (process.env.LOAD_RECORD_FILE) {
  const target = process.env.LOAD_RECORD_PATH ?? '/api/v3/client/products/p/?page=1&page_size=12';
  const headers = process.env.LOAD_RECORD_AUTH ? { Authorization: process.env.LOAD_RECORD_AUTH } : undefined;
  // Once to warm up (settings read once, lazy imports), then the recorded one.
  await (await shop.api.request(target, { headers })).arrayBuffer();
  recording = true;
  const response = await shop.api.request(target, { headers });
  await response.arrayBuffer();
  recording = false;
  writeFileSync(process.env.LOAD_RECORD_FILE, JSON.stringify({ status: response.status, statements: recorded }));
}
// The API as the shop's server hands it /api/ requests (no site, no compression: wrk asks for none).
const server = createServer(getRequestListener(shop.api.fetch));
server.keepAliveTimeout = 65_000;
server.listen(config.port, config.host, () => console.log(`shop API is running at http://${config.host}:${config.port}`));
const stop = () => server.close(() => void shop.close().finally(() => process.exit(0)));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
