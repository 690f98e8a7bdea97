// The import section of the benchmark (issue 15): a generated catalogue of BENCH_IMPORT_PRODUCTS
// (default 10,000) products with texts in 3 languages, categories by path, a custom field and
// related products, imported from CSV with `npm run import` on a fresh PostgreSQL database
// `gen_bench_import` of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/), then
// imported again unchanged. Targets: first import at most 30 s, the unchanged one at most 10 s
// with 0 records changed and no page change noted. Wall times include the CLI's start
// (tsx, migrations check); /proc/loadavg is printed beside each figure (the machine is shared).
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT_DIR } from '../../server/config';
import { loadavg } from './load-average';

const run = promisify(execFile);
const TMP = path.join(ROOT_DIR, 'tests/.tmp/bench-import');
const LOCALES = ['it', 'en', 'es'] as const;
const CATEGORIES = ['Enologia > Fermentazione e lieviti', 'Enologia > Tappi e tappatrici', 'Enologia > Filtrazione', 'Birrificazione', 'Giardinaggio'];

const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** A catalogue file as an ERP would export it: one product per row, the texts of every language. */
export function generateProductsCsv(n: number): string {
  const header = ['code', 'slug', 'category', 'brand', 'price', 'special_price', 'vat_rate', 'unit', 'weight_kg', 'stock', 'published', 'backorderable', 'cf_shop',
    ...['name', 'title', 'summary', 'description'].flatMap((f) => LOCALES.map((l) => `${f}_${l}`)), 'related'];
  const lines = [header.join(',')];
  const code = (k: number) => `GEN-${String(k).padStart(6, '0')}`;
  for (let k = 1; k <= n; k++) {
    const price = 5 + ((k * 37) % 500) + 0.5;
    const texts = LOCALES.flatMap((l) => [`Articolo ${l} ${k}`, `Articolo di prova ${k} (${l}), titolo completo`, `Riassunto ${k} in ${l}, una frase.`, `Descrizione ${k} in ${l}.\n\nSecondo paragrafo, con dosi e formati.`]);
    const byField = [0, 1, 2, 3].flatMap((f) => LOCALES.map((_, li) => texts[li * 4 + f]!));
    lines.push([
      code(k), `articolo-di-prova-${k}`, CATEGORIES[k % CATEGORIES.length]!, 'Vinotek', price.toFixed(2).replace('.', ','), k % 7 === 0 ? (price * 0.9).toFixed(2) : '', '22', 'pz', '0,5', String(k % 300), 'yes', k % 3 === 0 ? 'yes' : 'no',
      k % 11 === 0 ? 'bestseller' : '', ...byField, [code(((k + 1) % n) + 1), code(((k + 7) % n) + 1)].filter((c) => c !== code(k)).join('|'),
    ].map(q).join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function importCli(file: string, kind: string, env: NodeJS.ProcessEnv) {
  const t0 = performance.now();
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/import/import-cli.ts', kind, file], { cwd: ROOT_DIR, env, maxBuffer: 64 * 1024 * 1024 });
  return { seconds: (performance.now() - t0) / 1000, stdout, stderr };
}

export async function runImportBench() {
  const n = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 10_000);
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';
  const name = 'gen_bench_import';
  const adminPool = new pg.Pool({ connectionString: admin, max: 1 });
  await adminPool.query(`drop database if exists ${name} with (force)`);
  await adminPool.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: path.join(TMP, 'data') };
  const db = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    mkdirSync(TMP, { recursive: true });
    const file = path.join(TMP, `products-${n}.csv`);
    writeFileSync(file, generateProductsCsv(n));
    console.log(`\nImport (${n} products, 3 languages, PostgreSQL; CSV ${(readFileSync(file).length / 1024 / 1024).toFixed(1)} MB)`);
    await importCli(path.join(ROOT_DIR, 'samples/import/categories.csv'), 'categories', env);
    const changes = async () => Number((await db.query('select coalesce(max(id), 0) as n from page_changes')).rows[0].n);
    const first = await importCli(file, 'products', env);
    console.log(`first import       ${first.seconds.toFixed(1).padStart(6)} s (target 30 s)   ${first.stdout.trim().split('\n').at(-1)!.trim()}   [load ${loadavg()}]`);
    const noted = await changes();
    const second = await importCli(file, 'products', env);
    const summary = second.stdout.trim().split('\n').at(-1)!.trim();
    const unchanged = /0 created, 0 updated/.test(summary) && (await changes()) === noted;
    console.log(`unchanged again    ${second.seconds.toFixed(1).padStart(6)} s (target 10 s)   ${summary}; page changes noted: ${(await changes()) - noted}   [load ${loadavg()}]`);
    if (!unchanged) console.log('  the unchanged import changed something: see the summary above');
  } finally {
    await db.end();
    if (process.env.BENCH_IMPORT_KEEP !== '1') await adminPool.query(`drop database if exists ${name} with (force)`);
    await adminPool.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await runImportBench();
