// `npm run import -- … --server URL` against a real `npm start` on an embedded database (ADR 0032):
// the shop holds the PGlite folder, so a local import is refused with the commands to run
// instead; through the server the sample files import, the same file again changes nothing, a
// changed row updates that product and notes its page, a bad file prints its lines and exits 1,
// stock goes to PUT /stock, and a wrong key exits 2.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { queryRows } from '../../server/db/raw';
import { startShopProcess, type ShopProcess } from '../support/server-process';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'import-server-'));
const dataDir = path.join(tmp, 'data');
let shop: ShopProcess | undefined;
let key = '';

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT_DIR, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SHOP_API_KEY: '', ...env }, timeout: 300_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
const importCli = (args: string[], env: NodeJS.ProcessEnv = {}) => run('server/import/import-cli.ts', args, env);
const file = (name: string, text: string) => {
  const at = path.join(tmp, name);
  writeFileSync(at, text);
  return at;
};

beforeAll(async () => {
  // The demo shop first (a start on an empty database seeds it, which would clear a key made before), then a key, then the shop.
  const seeded = await run('server/seed/seed-cli.ts', []);
  expect(seeded.code, seeded.stderr).toBe(0);
  const made = await run('server/manage/keys-cli.ts', ['create', 'erp', '--scope', 'catalogue,stock']);
  expect(made.code, made.stderr).toBe(0);
  key = made.stdout.trim().split('\n').at(-1)!;
  expect(key).toMatch(/^vsk_/);
  shop = await startShopProcess({ dataDir, distDir: path.join(tmp, 'dist'), timeoutMs: 12 * 60_000, env: { DATABASE_URL: '', PRERENDER_PRODUCTS: '4', SHOP_API_URL: '' } });
}, 15 * 60_000);

afterAll(async () => {
  await shop?.stop();
  rmSync(tmp, { recursive: true, force: true });
}, 60_000);

it('without --server, the database held by the running shop is refused with the commands to run instead', async () => {
  const result = await importCli(['products', 'samples/import/products.csv']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('is open in another process');
  expect(result.stderr).toContain('npm run keys -- create catalogue-import --scope catalogue');
  expect(result.stderr).toContain('SHOP_API_KEY=<the key> npm run import -- products samples/import/products.csv --server http://localhost:');
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

it('imports the sample files through the running shop; the same file again changes nothing', async () => {
  const env = { SHOP_API_KEY: key };
  const categories = await importCli(['categories', 'samples/import/categories.csv', '--server', shop!.url], env);
  expect(categories.code, categories.stdout + categories.stderr).toBe(0);
  expect(categories.stdout).toMatch(/categories: \d+ created, \d+ updated, \d+ unchanged, 0 skipped/);
  const first = await importCli(['products', 'samples/import/products.csv', '--server', shop!.url], env);
  expect(first.code, first.stdout + first.stderr).toBe(0);
  expect(first.stderr).toContain(`sending products.csv`);
  const again = await importCli(['products', 'samples/import/products.csv', '--server', shop!.url, '--key', key]);
  expect(again.code, again.stdout + again.stderr).toBe(0);
  expect(again.stdout).toContain('products: 0 created, 0 updated, 12 unchanged, 0 skipped');
  expect(again.stdout).toContain('variants: 0 created, 0 updated, 8 unchanged, 0 skipped');
}, 240_000);

it('a bad file prints every problem line and exits 1; a dry run changes nothing; a wrong key exits 2', async () => {
  const env = { SHOP_API_KEY: key };
  const bad = await importCli(['products', file('bad.csv', 'code;slug;price;name_it\nENO-0001;lievito;"12,3,4";Lievito\n'), '--server', shop!.url], env);
  expect(bad.code).toBe(1);
  expect(bad.stdout).toContain("line 2, column price: '12,3,4' is not a price (e.g. 12.50 or 12,50)");
  expect(bad.stdout).toContain('1 problem(s) in');
  const wrongKey = await importCli(['products', 'samples/import/products.csv', '--server', shop!.url, '--key', 'vsk_not-a-key']);
  expect(wrongKey.code).toBe(2);
  expect(wrongKey.stderr).toContain('the shop answered 401: The API key is unknown or revoked.');
  const nobody = await importCli(['products', 'samples/import/products.csv', '--server', 'http://127.0.0.1:9'], env);
  expect(nobody.code).toBe(2);
  expect(nobody.stderr).toContain('cannot reach the shop at http://127.0.0.1:9');
}, 240_000);

/** The status line the shop answers to a POST that declares `length` bytes and sends none of them. */
function headersOnly(target: string, length: number): Promise<string> {
  const url = new URL(shop!.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
    socket.write(`POST ${target} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${key}\r\nContent-Type: text/csv\r\nContent-Length: ${length}\r\n\r\n`);
  });
}

it('the HTTP edge takes an import body past the sync limit (4 MiB) up to 20 MB, and refuses a larger one with 413', async () => {
  const send = (bytes: number) =>
    fetch(`${shop!.url}/api/manage/v1/import/categories?dry_run=true`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' },
      body: `slug,name_it\nx,"${'y'.repeat(bytes)}"\n`,
    });
  const within = await send(6 * 1024 * 1024);
  expect(within.status).toBe(422);
  expect(((await within.json()) as { error_list: { message: string }[] }).error_list[0]!.message).toContain('longer than 1 MB');
  // Past what the edge drains, the 413 comes at once and the connection closes: a client still
  // writing its body may see the socket cut instead of the answer, so only the headers are sent.
  const beyond = await headersOnly(`/api/manage/v1/import/categories?dry_run=true`, 21 * 1024 * 1024);
  expect(beyond).toMatch(/^HTTP\/1\.1 413 /);
}, 120_000);

let changedAt = 0;
it('a changed row updates that product only; stock goes to PUT /stock', async () => {
  const env = { SHOP_API_KEY: key };
  const changed = file('changed.csv', 'code,slug,price,name_it\nENO-0002,lievito-selezionato-bianchi-aromatici,"12,95",Attivante di fermentazione rinnovato\n');
  const dry = await importCli(['products', changed, '--server', shop!.url, '--dry-run'], env);
  expect(dry.code, dry.stdout + dry.stderr).toBe(0);
  expect(dry.stdout).toContain('(dry run: nothing was written)');
  expect(dry.stdout).toContain('products: 0 created, 1 updated');
  changedAt = Date.now();
  const real = await importCli(['products', changed, '--server', shop!.url], env);
  expect(real.code, real.stdout + real.stderr).toBe(0);
  expect(real.stdout).toContain('products: 0 created, 1 updated, 0 unchanged');
  const stock = await importCli(['stock', file('stock.csv', 'code;quantity\nENO-0001;77\n'), '--server', shop!.url], env);
  expect(stock.code, stock.stdout + stock.stderr).toBe(0);
  expect(stock.stdout).toContain('[sync] stock from');
  expect(stock.stdout).toMatch(/1 updated, 0 unchanged, 0 skipped as unknown/);
}, 240_000);

it('the pages follow: once the shop is stopped, the change is noted for the product page, and the database holds it', async () => {
  expect(changedAt).toBeGreaterThan(0);
  await shop!.stop();
  expect(shop!.output()).not.toMatch(/\[api\].*Error|uncaughtException/);
  shop = undefined;
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [product] = await queryRows<{ id: number; name: string; price: number; quantity: number }>(
      database.db,
      sql`select p.id, t.name, p.standard_price::float8 as price, (select quantity from products where code = 'ENO-0001') as quantity
          from products p join product_translations t on t.product_id = p.id and t.locale = 'it' where p.code = 'ENO-0002'`,
    );
    expect(product).toMatchObject({ name: 'Attivante di fermentazione rinnovato', price: 12.95, quantity: 77 });
    const notes = await queryRows<{ ref_id: number }>(database.db, sql`select ref_id from page_changes where kind = 'product' and changed_at >= ${new Date(changedAt - 1000).toISOString()}::timestamptz`);
    expect(notes.map((n) => n.ref_id)).toContain(product!.id);
    const audit = await queryRows<{ action: string; name: string }>(database.db, sql`select a.action, k.name from audit_log a join api_keys k on k.id = a.api_key_id order by a.id desc limit 1`);
    expect(audit[0]).toEqual({ action: 'stock.sync', name: 'erp' });
  } finally {
    await database.close();
  }
}, 120_000);
