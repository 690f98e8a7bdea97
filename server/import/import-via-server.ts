// `npm run import -- <kind> <file> --server URL`: the file goes to the running shop's management
// API (POST /import/{kind}, ADR 0032) instead of into a database this process opens. Prints the
// same problem and summary lines as a local run; answers the exit code (0 imported, 1 the file
// has problems or the shop's database refused it, 2 the key, the address or the shop).
import { basename } from 'node:path';
import { formatCounts } from './run-import';
import type { ImportCounts } from './import-kind';
import { callShop, isErrorBody, isSetupRefusal, refusalLines, ShopUnreachable } from '../manage/shop-client';

export interface ServerImport {
  server: string;
  key: string;
  kind: string;
  file: string;
  bytes: Uint8Array<ArrayBuffer>;
  dryRun: boolean;
  deleteMissing: boolean;
  progress: (message: string) => void;
}

const looksLikeJsonLines = (file: string, bytes: Uint8Array) =>
  /\.(jsonl|ndjson)$/i.test(file) || new TextDecoder().decode(bytes.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart().startsWith('{');

export async function importViaServer(run: ServerImport): Promise<number> {
  const started = performance.now();
  const kb = Math.max(1, Math.round(run.bytes.length / 1024));
  run.progress(`sending ${basename(run.file)} (${kb} KB) to ${run.server}${run.dryRun ? ' for a dry run' : ''}`);
  let answer;
  try {
    answer = await callShop({
      server: run.server,
      key: run.key,
      method: 'POST',
      path: `/import/${encodeURIComponent(run.kind)}`,
      query: { dry_run: run.dryRun ? 'true' : undefined, delete_missing: run.deleteMissing ? 'true' : undefined },
      body: run.bytes,
      contentType: looksLikeJsonLines(run.file, run.bytes) ? 'application/x-ndjson' : 'text/csv; charset=utf-8',
    });
  } catch (error) {
    if (!(error instanceof ShopUnreachable)) throw error;
    console.error(`[import] ${error.message}`);
    return 2;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (answer.status === 200) {
    const body = answer.body as { dry_run: boolean; counts: ImportCounts[] };
    console.log(`[import] ${run.file}${body.dry_run ? ' (dry run: nothing was written)' : ''} in ${seconds} s (through ${run.server})`);
    for (const c of body.counts) {
      console.log(`  ${formatCounts(c)}`);
      for (const n of c.notes) console.log(`    ${n}`);
    }
    return 0;
  }
  if (answer.status === 422 && isErrorBody(answer.body)) {
    // The problems as a local run prints them; past the listed ones, how many more.
    let total = 0;
    for (const item of answer.body.error_list) {
      if (item.code === 'more') {
        const more = Number(/\d+/.exec(item.message)?.[0] ?? 0);
        total += more;
        console.log(`… and ${more} more`);
      } else {
        total++;
        console.log(item.message);
      }
    }
    console.log(`[import] ${total} problem(s) in ${run.file}; nothing was changed`);
    return 1;
  }
  for (const line of refusalLines(answer)) console.error(`[import] ${line}`);
  if (answer.status >= 500) console.error('[import] nothing was changed');
  return isSetupRefusal(answer.status) ? 2 : 1;
}
