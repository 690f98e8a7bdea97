// `npm run sync -- stock|prices <file> --server URL` (and `npm run import` of those kinds): the
// rows go to the running shop's PUT /stock or /prices (ADR 0028, 0032) instead of into a database
// this process opens. The same summary line as a local run; answers the exit code (0 done, 1 the
// rows have problems, 2 the key, the address or the shop).
import { callShop, isSetupRefusal, refusalLines, ShopUnreachable } from '../manage/shop-client';
import type { SyncSummary } from './stock-sync';

export interface ServerSync {
  server: string;
  key: string;
  kind: 'stock' | 'prices';
  file: string;
  body: Uint8Array<ArrayBuffer>;
  /** A .json file: a JSON list, sent as application/json. */
  json: boolean;
  unknown?: string;
  dryRun: boolean;
}

export async function syncViaServer(run: ServerSync): Promise<number> {
  const started = performance.now();
  let answer;
  try {
    answer = await callShop({
      server: run.server,
      key: run.key,
      method: 'PUT',
      path: `/${run.kind}`,
      query: { unknown: run.unknown, dry_run: run.dryRun ? 'true' : undefined },
      body: run.body,
      contentType: run.json ? 'application/json' : 'text/csv; charset=utf-8',
    });
  } catch (error) {
    if (!(error instanceof ShopUnreachable)) throw error;
    console.error(`[sync] ${error.message}`);
    return 2;
  }
  if (answer.status !== 200) {
    console.error(`[sync] ${run.file}: ${refusalLines(answer).join('\n')}`);
    return isSetupRefusal(answer.status) ? 2 : 1;
  }
  const summary = answer.body as SyncSummary;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const created = summary.created === undefined ? '' : `${summary.created} created, `;
  console.log(`[sync] ${run.kind} from ${run.file}${run.dryRun ? ' (dry run, nothing written)' : ''}: ${created}${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.unknown} skipped as unknown, in ${seconds} s (through ${run.server})`);
  for (const u of summary.unknown_rows.slice(0, 50)) console.log(`  skipped line ${u.line}: '${u.code}' is unknown`);
  if (summary.unknown_rows.length > 50) console.log(`  and ${summary.unknown_rows.length - 50} more`);
  return 0;
}
