// `npm run import` as an owner runs it, on an embedded database of its own: problems on stdout in
// the operator's words and exit code 1; a database held by a running shop refused with exit 2
// before its files are opened; a good file imported with its summary.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
let holder: ChildProcess | undefined;
afterAll(() => holder?.kill());

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/import/import-cli.ts', ...args], { cwd: ROOT_DIR, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

it('a wrong command line answers the usage with exit code 2', async () => {
  const result = await cli('prodotti', 'x.csv');
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('"prodotti" is not a kind of import file');
  expect(result.stderr).toContain('usage: npm run import -- <categories|products|customers|users|addresses|season-prices>');
  const invite = await cli('products', 'samples/import/products.csv', '--invite');
  expect(invite.code).toBe(2);
  expect(invite.stderr).toContain('--invite is for users files only');
});

it('imports the categories sample, then refuses a bad products file naming the line, with exit code 1', async () => {
  const good = await cli('categories', 'samples/import/categories.csv');
  expect(good.stderr).not.toMatch(/Error|at /);
  expect(good.code).toBe(0);
  expect(good.stdout).toContain('categories: 24 created, 0 updated, 0 unchanged, 0 skipped');
  const file = path.join(dataDir, 'bad.csv');
  writeFileSync(file, 'code;slug;price;name_it\nENO-0001;lievito;"12,3,4";Lievito\n');
  const bad = await cli('products', file);
  expect(bad.code).toBe(1);
  expect(bad.stdout).toContain("line 2, column price: '12,3,4' is not a price (e.g. 12.50 or 12,50)");
  expect(bad.stdout).toContain('1 problem(s)');
}, 180_000);

it('takes stock files by the sync fast path: an unknown code is named with its line, and nothing changes', async () => {
  const file = path.join(dataDir, 'stock.csv');
  writeFileSync(file, 'code;quantity\nNO-SUCH-CODE;5\n');
  const result = await cli('stock', file);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/line 2\b.*NO-SUCH-CODE/);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}, 120_000);

it('imports the agents sample and queues their invitations with --invite, once', async () => {
  const first = await cli('users', 'samples/import/agents.csv', '--invite');
  expect(first.stderr).not.toMatch(/Error|\n\s+at /);
  expect(first.code).toBe(0);
  expect(first.stdout).toContain('users: 2 created, 0 updated, 0 unchanged, 0 skipped');
  expect(first.stdout).toContain('2 users invited: a link to choose their password is queued in the mail outbox');
  const again = await cli('users', 'samples/import/agents.csv', '--invite');
  expect(again.stdout).toContain('users: 0 created, 0 updated, 2 unchanged, 0 skipped');
  expect(again.stdout).toContain('nobody to invite');
}, 180_000);

it('refuses the embedded database of a running shop with exit code 2, saying what to do', async () => {
  holder = spawn('sleep', ['60'], { stdio: 'ignore' });
  writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: holder.pid }));
  const result = await cli('categories', 'samples/import/categories.csv');
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`is open in another process (pid ${holder.pid}, probably the running shop). Stop the shop`);
});
