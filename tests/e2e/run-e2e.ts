// npm run test:e2e: starts the shop the way `npm start` does (fresh data and build folders
// under tests/.tmp), runs the Playwright suite against it, and stops it with SIGTERM.
//
// `run-e2e.ts --prepare` does only the first part (seed, first start, which builds, and stop) and
// leaves a note in the work folder; a later run given that note's token in E2E_PREPARED starts
// from there. npm test (tests/run-all.ts) prepares beside the unit and API tests, at low
// priority, so the build is not on the browser leg's path.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_INFO_FILE } from '../../server/build-site';
import { mediaDirOf, privateDirOf, ROOT_DIR } from '../../server/config';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { systemSettings } from '../../server/db/schema';
import { seedDemoShop } from '../../server/seed/seed';
import { EXTRA_SCRIPTS } from '../support/fresh-product';
import { insertFreshProduct, renameBuiltProduct } from '../support/fresh-product';
import { addE2eUsers } from '../support/e2e-users';
import { plantHostileSlide } from '../support/hostile-data';
import { startShopProcess } from '../support/server-process';
import { ensureChromium } from './chromium';

// E2E_WORKDIR lets several runs share a machine without sharing data or builds.
const work = path.resolve(ROOT_DIR, process.env.E2E_WORKDIR ?? 'tests/.tmp/e2e');
const dataDir = path.join(work, 'data');
const distDir = path.join(work, 'dist');

const preparedNote = path.join(work, 'prepared.json');
const prepareOnly = process.argv[2] === '--prepare';
const playwrightArgs = process.argv.slice(prepareOnly ? 3 : 2);

const runStarted = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const chrome = await ensureChromium();
console.log(`[e2e] Chromium: ${chrome}`);

/** Whether a prepare step left this run's data and build (its note holds the token we were given). */
function prepared(): boolean {
  const token = process.env.E2E_PREPARED;
  if (!token || prepareOnly) return false;
  try {
    return (JSON.parse(readFileSync(preparedNote, 'utf8')) as { token: string }).token === token;
  } catch {
    return false;
  }
}

if (prepared()) {
  // Used once: this run changes the data.
  rmSync(preparedNote, { force: true });
  console.log('[e2e] seeded and built beforehand (E2E_PREPARED); restarting the shop on that build');
} else {
  // A build left by an earlier run was made from an earlier database, and holds the pages that run
  // rendered on demand: the tests of "rendered without a rebuild" would pass on old files.
  rmSync(preparedNote, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
  // Seed first, with the owner's extra head and body snippets set, so the build injects them.
  {
    const seeding = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await seeding.migrate();
    await seedDemoShop(seeding.db, { mediaDir: mediaDirOf(dataDir), privateDir: privateDirOf(dataDir) });
    for (const [key, value] of Object.entries(EXTRA_SCRIPTS)) {
      await seeding.db.update(systemSettings).set({ value }).where(eq(systemSettings.key, key));
    }
    await plantHostileSlide(seeding.db);
    await addE2eUsers(seeding.db);
    await seeding.close();
  }
  console.log(`[e2e] seeded in ${seconds(runStarted)}; starting the shop (build on a fresh data folder)…`);
  const started = Date.now();
  const first = await startShopProcess({ dataDir, distDir });
  console.log(`[e2e] shop ready at ${first.url} after ${seconds(started)}`);
  // Stop; the run goes on below (or in the run given the note): add a product the build never
  // saw, start again. The data must survive the restart, the build must be reused, and the new
  // product's page rendered on demand.
  if ((await first.stop()) !== 0) throw new Error(`the shop did not stop cleanly:\n${first.output()}`);
  if (prepareOnly) {
    writeFileSync(preparedNote, JSON.stringify({ token: process.env.E2E_PREPARED ?? '', seconds: (Date.now() - runStarted) / 1000 }));
    console.log(`[e2e] prepared in ${seconds(runStarted)}`);
    process.exit(0);
  }
}
if (process.env.E2E_SHARED_TREE === '1') {
  // Several people editing one working tree: sources changed during the build would make the
  // restart rebuild. Date the build now, so the restart still checks reuse of this build.
  const infoFile = path.join(distDir, BUILD_INFO_FILE);
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as { builtAt: string };
  writeFileSync(infoFile, JSON.stringify({ ...info, builtAt: new Date().toISOString() }, null, 2));
}
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
await insertFreshProduct(database.db);
const renamedSlug = await renameBuiltProduct(database.db);
await database.close();
const restarted = Date.now();
const shop = await startShopProcess({ dataDir, distDir });
console.log(`[e2e] restarted in ${seconds(restarted)}; running the browser tests`);
if (!shop.output().includes('site build is up to date')) {
  await shop.stop();
  throw new Error(`the restart rebuilt the site instead of reusing the build:\n${shop.output()}`);
}

/** CPU seconds of a running process (user + system), from /proc; NaN where there is none. */
function cpuSecondsOf(pid: number | undefined, field: 'self' | 'children' = 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid ?? 'self'}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = field === 'self' ? 11 : 13;
    return (Number(fields[at]) + Number(fields[at + 1])) / 100;
  } catch {
    return Number.NaN;
  }
}

let status = 1;
try {
  const shopCpuBefore = cpuSecondsOf(shop.child.pid);
  const browserCpuBefore = cpuSecondsOf(undefined, 'children');
  const playwrightStarted = Date.now();
  const result = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: shop.url, CHROME_PATH: chrome, E2E_DATA_DIR: dataDir, E2E_RENAMED_SLUG: renamedSlug, E2E_REPORT: path.join(work, 'results.json') },
  });
  status = result.status ?? 1;
  // Where the time goes: the shop's process against Playwright and Chromium (all on this machine).
  const shopCpu = cpuSecondsOf(shop.child.pid) - shopCpuBefore;
  const browserCpu = cpuSecondsOf(undefined, 'children') - browserCpuBefore;
  console.log(`[e2e] Playwright ran ${seconds(playwrightStarted)}: CPU ${browserCpu.toFixed(0)} s in Playwright and Chromium, ${shopCpu.toFixed(0)} s in the shop`);
  console.log(`[e2e] whole browser leg: ${seconds(runStarted)}`);
} finally {
  const code = await shop.stop();
  if (code !== 0) {
    console.error(`[e2e] the shop did not shut down cleanly on SIGTERM (exit ${code}):\n${shop.output().slice(-3000)}`);
    status ||= 1;
  } else console.log('[e2e] the shop shut down cleanly on SIGTERM');
}
process.exit(status);
