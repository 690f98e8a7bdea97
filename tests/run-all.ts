// npm test: unit and API tests (PGlite), the database-dependent API tests again on PostgreSQL
// and the system tests (tests/system: build, two servers, nginx) when TEST_DATABASE_URL is set,
// then the browser tests against the real server. Prints each leg's counts and time, then one
// closing line "N passed, N failed, N skipped" over all of them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../server/config';

const tmp = path.join(ROOT_DIR, 'tests/.tmp');
mkdirSync(tmp, { recursive: true });
interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const legs: (Counts & { name: string; seconds: number; cpuSeconds: number })[] = [];

/**
 * CPU seconds used so far by the waited-for children of this process (and theirs): fields 14 and
 * 15 after the command name in /proc/self/stat, in clock ticks. Wall time on a shared machine
 * says as much about the neighbours as about the tests; CPU time is what a leg itself costs.
 */
function childCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}
let failedSteps: string[] = [];

function run(name: string, args: string[], env: NodeJS.ProcessEnv, report: string, read: (json: unknown) => Counts) {
  console.log(`\n=== ${name} ===`);
  rmSync(report, { force: true });
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const result = spawnSync('npx', args, { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, ...env } });
  let counts: Counts;
  try {
    counts = read(JSON.parse(readFileSync(report, 'utf8')));
  } catch {
    // No report means the runner itself failed before testing anything.
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  legs.push({ name, seconds: (Date.now() - started) / 1000, cpuSeconds: childCpuSeconds() - cpuBefore, ...counts });
  if (result.status !== 0) failedSteps.push(name);
}

const readVitest = (json: unknown): Counts => {
  const r = json as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
};

const vitestReport = (name: string) => path.join(tmp, `vitest-${name}.json`);
const vitestArgs = (name: string, projects: string[]) => [
  'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(name)}`,
];

const only = process.argv[2];
if (!only || only === 'unit' || only === 'api') {
  run('unit and API tests (PGlite)', vitestArgs('pglite', only ? [only] : ['unit', 'api']), { SHOP_TEST_DB: 'pglite' }, vitestReport('pglite'), readVitest);
}
if ((!only || only === 'api') && process.env.TEST_DATABASE_URL) {
  run('API tests (PostgreSQL)', vitestArgs('postgres', ['api']), { SHOP_TEST_DB: 'postgres' }, vitestReport('postgres'), readVitest);
} else if (!only) {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only)');
}
if ((!only || only === 'system') && process.env.TEST_DATABASE_URL) {
  // Build on a fresh PostgreSQL database, two servers, nginx in front, purge webhook.
  run('system tests (build, serve, nginx; PostgreSQL)', vitestArgs('system', ['system']), {}, vitestReport('system'), readVitest);
} else if (!only || only === 'system') {
  console.log('\n(TEST_DATABASE_URL is not set: the system tests (build, two servers, nginx) were skipped)');
}
if (!only || only === 'e2e') {
  run('browser tests (Chromium)', ['tsx', 'tests/e2e/run-e2e.ts'], {}, path.join(tmp, 'e2e', 'results.json'), (json) => {
    const stats = (json as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }).stats;
    // A test that passed only on a retry failed once: a newcomer without retries would see it fail.
    return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
  });
}

console.log(`\nPer leg (load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}):`);
for (const leg of legs) {
  console.log(`  ${leg.name}: ${leg.passed} passed, ${leg.failed} failed, ${leg.skipped} skipped in ${leg.seconds.toFixed(0)} s (CPU ${leg.cpuSeconds.toFixed(0)} s)`);
}
if (failedSteps.length) console.log(`\nFailed: ${failedSteps.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length;
failedSteps = [];
process.exit(totals.failed > 0 ? 1 : 0);
