// npm run sync -- stock file.csv | prices file.csv [--unknown skip] [--dry-run]: the stock and price
// sync of the management API from a file, for a shop owner's cron job (ADR 0028). Same checks, same
// all-or-nothing rule: a file with a problem changes nothing and every problem is printed with its
// line. A .json file holds a JSON list as the API takes it. On PGlite run it while the shop is
// stopped (one process per data folder), or send the file to the running shop with --server URL
// and the key of --key or SHOP_API_KEY (PUT /stock, /prices of the management API, ADR 0032).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/pglite-lock';
import { ShopError } from '../shop-errors';
import { syncViaServer } from './sync-via-server';
import { serverBase, throughServerHint } from '../manage/shop-client';
import { readPriceRows, readStockRows } from './read-rows';
import { syncPrices } from './price-sync';
import { syncStock, type SyncSummary } from './stock-sync';

const USAGE = 'Usage: npm run sync -- stock|prices <file.csv|file.json> [--unknown skip] [--dry-run] [--server http://localhost:4321 [--key KEY]]';
const { values, positionals } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { unknown: { type: 'string' }, 'dry-run': { type: 'boolean' }, server: { type: 'string' }, key: { type: 'string' } },
  allowPositionals: true,
});
const [kind, file] = positionals;
if ((kind !== 'stock' && kind !== 'prices') || !file || (values.unknown !== undefined && values.unknown !== 'skip' && values.unknown !== 'fail')) {
  console.error(USAGE);
  process.exit(2);
}

let raw: Buffer;
try {
  raw = await readFile(file);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(`[sync] cannot read ${file}: ${code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : String(error)}`);
  process.exit(1);
}
let text: string;
try {
  text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
} catch {
  console.error(`[sync] ${file} is not UTF-8 text; save it as "CSV UTF-8".`);
  process.exit(1);
}
let body: { text: string } | { json: unknown } = { text };
if (/\.json$/i.test(file)) {
  try {
    body = { json: JSON.parse(text) as unknown };
  } catch (error) {
    console.error(`[sync] ${file} is not valid JSON: ${(error as Error).message}`);
    process.exit(1);
  }
}
if (values.server !== undefined) {
  const server = serverBase(values.server);
  const key = values.key ?? process.env.SHOP_API_KEY;
  if (!server || !key) {
    console.error(`[sync] ${!server ? `--server ${values.server} is not the shop's address (e.g. http://localhost:4321)` : `--server needs an API key with the scope ${kind}: --key KEY or SHOP_API_KEY=KEY`}\n${USAGE}`);
    process.exit(2);
  }
  process.exit(await syncViaServer({ server, key, kind, file, body: new Uint8Array(raw), json: 'json' in body, unknown: values.unknown, dryRun: values['dry-run'] === true }));
}
const stock = kind === 'stock' ? readStockRows(body) : undefined;
const prices = kind === 'prices' ? readPriceRows(body) : undefined;
const problems = stock?.problems ?? prices?.problems ?? [];

let database;
try {
  database = await openConfiguredDatabase(loadConfig());
} catch (error) {
  // The embedded database of a running shop: said in one sentence, not a stack trace.
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(`[sync] ${error.message}\n${throughServerHint({ scope: kind, port: loadConfig().port, args: process.argv.slice(2), script: 'sync' })}`);
  process.exit(2);
}
const started = performance.now();
try {
  await database.migrate();
  const options = { problems, unknown: values.unknown === 'skip' ? ('skip' as const) : ('fail' as const), dryRun: values['dry-run'] === true, unit: 'text' in body ? ('line' as const) : ('item' as const) };
  const summary: SyncSummary = stock ? await syncStock(database.db, stock.rows, options) : await syncPrices(database.db, prices?.rows ?? [], options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const created = summary.created === undefined ? '' : `${summary.created} created, `;
  console.log(`[sync] ${kind} from ${file}${options.dryRun ? ' (dry run, nothing written)' : ''}: ${created}${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.unknown} skipped as unknown, in ${seconds} s`);
  for (const u of summary.unknown_rows.slice(0, 50)) console.log(`  skipped line ${u.line}: '${u.code}' is unknown`);
  if (summary.unknown_rows.length > 50) console.log(`  and ${summary.unknown_rows.length - 50} more`);
} catch (error) {
  if (!(error instanceof ShopError)) throw error;
  const lines = error.errorList.map((e) => `  ${e.message}`);
  console.error(`[sync] ${file}: ${error.detail}\n${lines.join('\n')}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
