// npm test: unit and API tests (PGlite), the database-dependent API tests again on PostgreSQL
// and the system tests (tests/system: build, two servers, nginx) when TEST_DATABASE_URL is set,
// then the browser tests against the real server. Prints each leg's counts and time, then one
// closing line "N passed, N failed, N skipped" over all of them.
//
// The browser leg alone leaves part of the machine's two cores idle (Chromium waits on the shop
// and the shop on Chromium), so the PostgreSQL legs run beside it, their output kept in a file and
// printed when they end. The browser leg's set-up (seed, build, first start) runs beside the unit
// and API tests at the lowest priority, where it takes only what they leave idle (their global
// setup, the last files), and at the runner's priority once they end. SHOP_TEST_SERIAL=1 runs every
// leg, set-up included, one after another.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { getPriority } from 'node:os';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../server/config';
import { childCpuSeconds } from './support/timed-leg';

const tmp = path.join(ROOT_DIR, 'tests/.tmp');
mkdirSync(tmp, { recursive: true });
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
interface Leg {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  report: string;
  read: (json: unknown) => Counts;
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const legs: (Counts & { name: string; seconds: number; cpuSeconds: number })[] = [];
let failedSteps: string[] = [];

function record(leg: Leg, status: number | null, seconds: number, cpuSeconds: number): void {
  let counts: Counts;
  try {
    counts = leg.read(JSON.parse(readFileSync(leg.report, 'utf8')));
  } catch {
    // No report means the runner itself failed before testing anything.
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  legs.push({ name: leg.name, seconds, cpuSeconds, ...counts });
  if (status !== 0) failedSteps.push(leg.name);
}

/** One leg in the foreground, alone. */
function runNow(leg: Leg): void {
  console.log(`\n=== ${leg.name} ===`);
  rmSync(leg.report, { force: true });
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const result = spawnSync('npx', leg.args, { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, ...leg.env } });
  record(leg, result.status, (Date.now() - started) / 1000, childCpuSeconds() - cpuBefore);
}

/** One leg beside others, through a waiter that counts its CPU; its output goes to `log` when given. */
function runBeside(leg: Leg, log?: string): Promise<void> {
  rmSync(leg.report, { force: true });
  const slug = leg.report.replace(/\.json$/, '');
  const cpuFile = `${slug}.cpu`;
  rmSync(cpuFile, { force: true });
  const out = log ? openSync(log, 'a') : 'inherit';
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT_DIR, 'tests/support/timed-leg.ts'), cpuFile, 'npx', ...leg.args], {
    cwd: ROOT_DIR,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...leg.env },
  });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (typeof out === 'number') closeSync(out);
      let cpu = Number.NaN;
      try {
        cpu = Number(readFileSync(cpuFile, 'utf8'));
      } catch {
        // The waiter died before writing it: the leg is reported without its CPU time.
      }
      record(leg, status, (Date.now() - started) / 1000, cpu);
      resolve();
    });
  });
}

const readVitest = (json: unknown): Counts => {
  const r = json as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
};

const vitestReport = (name: string) => path.join(tmp, `vitest-${name}.json`);
const vitestArgs = (name: string, projects: string[]) => [
  'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(name)}`,
];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// The API files that run on one database only run on PostgreSQL when the run has it (vitest.config.ts).
const pgliteLeg: Leg = {
  name: 'unit and API tests (PGlite)',
  args: [],
  env: { SHOP_TEST_DB: 'pglite', ...(onPostgres ? { SHOP_TEST_ONCE_ON: 'postgres' } : {}) },
  report: vitestReport('pglite'),
  read: readVitest,
};
const postgresLeg: Leg = { name: 'API tests (PostgreSQL)', args: vitestArgs('postgres', ['api']), env: { SHOP_TEST_DB: 'postgres' }, report: vitestReport('postgres'), read: readVitest };
// Build on a fresh PostgreSQL database, two servers, nginx in front, purge webhook.
const systemLeg: Leg = { name: 'system tests (build, serve, nginx; PostgreSQL)', args: vitestArgs('system', ['system']), env: {}, report: vitestReport('system'), read: readVitest };
const browserLeg: Leg = {
  name: 'browser tests (Chromium)',
  args: ['tsx', 'tests/e2e/run-e2e.ts'],
  env: {},
  report: path.join(tmp, 'e2e', 'results.json'),
  read: (json) => {
    const stats = (json as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }).stats;
    // A test that passed only on a retry failed once: a newcomer without retries would see it fail.
    return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
  },
};

/**
 * The browser leg's set-up (tests/e2e/run-e2e.ts --prepare) in a process group of its own at the
 * lowest priority; resolves to the token that hands its result to the browser leg, or undefined
 * when it failed (the browser leg then sets up itself). `boost` gives the group this runner's
 * priority back (as root, which CI is; elsewhere it keeps the lowest and takes what is left).
 */
function prepareBrowserLeg(): { done: Promise<string | undefined>; boost(): void } {
  const token = randomUUID();
  const log = path.join(tmp, 'e2e-prepare.log');
  const cpuFile = path.join(tmp, 'e2e-prepare.cpu');
  rmSync(cpuFile, { force: true });
  const out = openSync(log, 'w');
  const started = Date.now();
  const child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', path.join(ROOT_DIR, 'tests/support/timed-leg.ts'), cpuFile, process.execPath, '--import', 'tsx', path.join(ROOT_DIR, 'tests/e2e/run-e2e.ts'), '--prepare'], {
    cwd: ROOT_DIR,
    stdio: ['ignore', out, out],
    env: { ...process.env, E2E_PREPARED: token },
    detached: true,
  });
  // Its own process group, so that renice reaches every process and thread in it, and its own
  // session: where the kernel groups sessions for scheduling (autogroup), nice counts only inside
  // a session, so the session's own weight is set too. It goes with us.
  if (child.pid) setAutogroupNice(child.pid, 19);
  const stop = () => {
    if (child.exitCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (stop(), process.exit(130)));
  const done = new Promise<string | undefined>((resolve) => {
    child.on('close', (status) => {
      closeSync(out);
      let cpu = Number.NaN;
      try {
        cpu = Number(readFileSync(cpuFile, 'utf8'));
      } catch {
        // No CPU figure: the waiter died.
      }
      prepareCpu = Number.isNaN(cpu) ? 0 : cpu;
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n=== browser leg set-up (beside the unit and API tests): ${status === 0 ? 'done' : `failed (exit ${status}), the browser leg sets up itself`} in ${seconds.toFixed(0)} s (CPU ${cpu.toFixed(0)} s) ===`);
      process.stdout.write(readFileSync(log, 'utf8'));
      resolve(status === 0 ? token : undefined);
    });
  });
  return {
    done,
    boost() {
      if (child.exitCode !== null || !child.pid) return;
      // The priority of this runner, which the legs that follow get too.
      const reniced = spawnSync('renice', ['-n', String(getPriority()), '-g', String(child.pid)], { stdio: 'ignore' });
      const regrouped = setAutogroupNice(child.pid, autogroupNice('self') ?? 0);
      if (reniced.status !== 0 || !regrouped) console.log('(the browser leg set-up keeps its low priority: raising it needs root)');
    },
  };
}
let prepareCpu = 0;

/** The nice value of a process's scheduling group (Linux autogroup), when the kernel has them. */
function autogroupNice(pid: number | 'self'): number | undefined {
  try {
    const match = /nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
function setAutogroupNice(pid: number, nice: number): boolean {
  if (autogroupNice(pid) === undefined) return true;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return true;
  } catch {
    return false;
  }
}

const only = process.argv[2];
const serial = process.env.SHOP_TEST_SERIAL === '1';
const preparing = !only && !serial ? prepareBrowserLeg() : undefined;
if (!only || only === 'unit' || only === 'api') {
  const leg = { ...pgliteLeg, args: vitestArgs('pglite', only ? [only] : ['unit', 'api']) };
  if (preparing) {
    console.log(`\n=== ${leg.name} (and beside them, at the lowest priority, the browser leg's set-up) ===`);
    await runBeside(leg);
  } else runNow(leg);
}
preparing?.boost();
/** The browser leg, on the set-up made beside the unit and API tests when that worked. */
const browserLegReady = async (): Promise<Leg> => {
  const token = await preparing?.done;
  return token ? { ...browserLeg, env: { ...browserLeg.env, E2E_PREPARED: token } } : browserLeg;
};
if (!only && onPostgres && !serial) {
  const log = path.join(tmp, 'postgres-legs.log');
  rmSync(log, { force: true });
  console.log(`\n=== ${browserLeg.name}, and beside it ${postgresLeg.name} then ${systemLeg.name} (their output follows when they end) ===`);
  const databaseLegs = (async () => {
    await runBeside(postgresLeg, log);
    await runBeside(systemLeg, log);
  })();
  await Promise.all([browserLegReady().then((leg) => runBeside(leg)), databaseLegs]);
  console.log(`\n=== output of ${postgresLeg.name} and ${systemLeg.name} ===`);
  process.stdout.write(readFileSync(log, 'utf8'));
} else {
  if ((!only || only === 'api') && onPostgres) runNow(postgresLeg);
  else if (!only) console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only)');
  if ((!only || only === 'system') && onPostgres) runNow(systemLeg);
  else if (!only || only === 'system') console.log('\n(TEST_DATABASE_URL is not set: the system tests (build, two servers, nginx) were skipped)');
  if (!only || only === 'e2e') {
    const leg = await browserLegReady();
    if (preparing) {
      console.log(`\n=== ${leg.name} ===`);
      await runBeside(leg);
    } else runNow(leg);
  }
}
const browserRecord = legs.find((l) => l.name === browserLeg.name);
// The set-up's CPU belongs to the browser leg (its wall time is printed above, beside the others).
if (browserRecord) browserRecord.cpuSeconds += prepareCpu;

// In the order they are declared, whichever ended first.
const declared = [pgliteLeg, postgresLeg, systemLeg, browserLeg].map((l) => l.name);
legs.sort((a, b) => declared.indexOf(a.name) - declared.indexOf(b.name));
console.log(`\nPer leg (load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}):`);
for (const leg of legs) {
  console.log(`  ${leg.name}: ${leg.passed} passed, ${leg.failed} failed, ${leg.skipped} skipped in ${leg.seconds.toFixed(0)} s (CPU ${leg.cpuSeconds.toFixed(0)} s)`);
}
if (failedSteps.length) console.log(`\nFailed: ${failedSteps.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
failedSteps = [];
process.exit(totals.failed > 0 ? 1 : 0);
