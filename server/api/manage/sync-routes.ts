// PUT stock and PUT prices of the management API (ADR 0028): rows in, a summary out, nothing
// changed when any row has a problem (every problem is answered with its line).
import type { Context } from 'hono';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { readPriceRows, readStockRows } from '../../sync/read-rows';
import { syncPrices } from '../../sync/price-sync';
import { syncStock, type UnknownCodes } from '../../sync/stock-sync';
import { requireApiKey } from './key-auth';
import { readSyncBody } from './sync-body';

/**
 * `?unknown=skip` skips rows with unknown codes; the default refuses the whole sync.
 * `?dry_run=true` checks everything and answers the summary, writing nothing (ADR 0032).
 */
function syncQuery(c: Context<ApiEnv>): { unknown: UnknownCodes; dryRun: boolean } {
  const query = c.req.queries();
  const other = Object.keys(query).filter((k) => k !== 'unknown' && k !== 'dry_run');
  if (other.length) {
    throw apiError('ValidationFailed', other.slice(0, 10).map((k) => ({ field: k.slice(0, 60), code: 'unknown_parameter', message: 'Unknown parameter; the parameters are `unknown` (fail or skip) and `dry_run`.' })));
  }
  const dry = query.dry_run;
  const dryRun = dry === undefined ? false : dry.length === 1 && ['true', '1', ''].includes(dry[0]!) ? true : dry.length === 1 && ['false', '0'].includes(dry[0]!) ? false : undefined;
  if (dryRun === undefined) throw apiError('ValidationFailed', [{ field: 'dry_run', code: 'invalid', message: '`dry_run` is true or false.' }]);
  const given = query.unknown;
  if (given === undefined) return { unknown: 'fail', dryRun };
  if (given.length === 1 && (given[0] === 'fail' || given[0] === 'skip')) return { unknown: given[0], dryRun };
  throw apiError('ValidationFailed', [{ field: 'unknown', code: 'invalid', message: '`unknown` is fail (the default: an unknown code refuses the whole sync) or skip.' }]);
}

export async function putStock(c: Context<ApiEnv>) {
  const key = await requireApiKey(c, 'stock');
  const { unknown, dryRun } = syncQuery(c);
  const body = await readSyncBody(c);
  const { rows, problems } = readStockRows(body);
  if (!rows.length && !problems.length) throw apiError('ValidationFailed', [{ field: null, code: 'required', message: 'The body holds no rows.' }], 'The body holds no rows.');
  return c.json(await syncStock(c.get('deps').db, rows, { unknown, dryRun, problems, apiKeyId: key.id, unit: 'text' in body ? 'line' : 'item' }));
}

export async function putPrices(c: Context<ApiEnv>) {
  const key = await requireApiKey(c, 'prices');
  const { unknown, dryRun } = syncQuery(c);
  const body = await readSyncBody(c);
  const { rows, problems } = readPriceRows(body);
  if (!rows.length && !problems.length) throw apiError('ValidationFailed', [{ field: null, code: 'required', message: 'The body holds no rows.' }], 'The body holds no rows.');
  return c.json(await syncPrices(c.get('deps').db, rows, { unknown, dryRun, problems, apiKeyId: key.id, unit: 'text' in body ? 'line' : 'item' }));
}
