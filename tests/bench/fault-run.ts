// The repeated fault run of issue 11: a PostgreSQL cluster of its own, the shop on it (as
// `npm start`), and N rounds of concurrent checkouts while every connection of the shop's
// database is dropped (pg_terminate_backend) every second or so. Prints per round and in total:
// requests, answers by status, orders acknowledged (201) against orders in the database, orders
// without rows, stock taken against quantity ordered, whether the process is still running, and
// /proc/loadavg. Then one outage (cluster stopped) and the recovery time.
//
// BENCH_FAULT_ROUNDS (5), BENCH_FAULT_SECONDS (20), BENCH_FAULT_SESSIONS (12), BENCH_FAULT_KILL_MS (1000).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/config';
import { auditOrders, prepareFaultFixtures, runCheckoutsUnderFaults } from '../support/checkout-faults';
import { postgresBinaries, startPrivateCluster } from '../support/private-postgres';
import { startShopProcess } from '../support/server-process';

const ROUNDS = Number(process.env.BENCH_FAULT_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_FAULT_SECONDS ?? 20);
const SESSIONS = Number(process.env.BENCH_FAULT_SESSIONS ?? 12);
const KILL_MS = Number(process.env.BENCH_FAULT_KILL_MS ?? 1_000);

const loadavg = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').trim();
  } catch {
    return 'n/a';
  }
};

export async function benchFaults() {
  const bin = postgresBinaries();
  if (!bin) {
    console.log('\nFault run: skipped (no initdb / pg_ctl under /usr/lib/postgresql)');
    return;
  }
  const tmp = path.join(ROOT_DIR, 'tests/.tmp/bench-faults');
  rmSync(tmp, { recursive: true, force: true });
  const cluster = await startPrivateCluster(bin);
  try {
    console.log(`\nFault run: starting the shop on a private PostgreSQL (port ${cluster.port}), small build… (loadavg ${loadavg()})`);
    const shop = await startShopProcess({
      dataDir: path.join(tmp, 'data'),
      distDir: path.join(tmp, 'dist'),
      timeoutMs: 15 * 60_000,
      env: { DATABASE_URL: cluster.url, PRERENDER_PRODUCTS: '4' },
    });
    const alive = () => shop.child.exitCode === null && shop.child.signalCode === null;
    try {
      const total = { requests: 0, statuses: {} as Record<string, number>, acknowledged: 0, inDatabase: 0, lost: 0, withoutRows: 0, mismatches: 0, kills: 0, connections: 0, bad: 0, traces: 0 };
      console.log(`${ROUNDS} rounds of ${SECONDS} s, ${SESSIONS} sessions, all connections dropped every ~${KILL_MS} ms`);
      for (let round = 1; round <= ROUNDS && alive(); round++) {
        const fixtures = await prepareFaultFixtures(cluster.admin, shop.url, { sessions: SESSIONS });
        const run = await runCheckoutsUnderFaults(cluster.admin, shop.url, fixtures, { durationMs: SECONDS * 1000, killEveryMs: KILL_MS });
        const audit = await auditOrders(cluster.admin, fixtures, run.acknowledged);
        total.requests += run.requests;
        for (const [status, n] of Object.entries(run.statuses)) total.statuses[status] = (total.statuses[status] ?? 0) + n;
        total.acknowledged += run.acknowledged.length;
        total.inDatabase += audit.ordersInDatabase;
        total.lost += audit.lost.length;
        total.withoutRows += audit.withoutRows.length;
        total.mismatches += audit.stockMismatches.length;
        total.kills += run.kills;
        total.connections += run.killedConnections;
        total.bad += run.bad.length;
        total.traces += run.traces.length;
        console.log(
          `round ${round}: ${run.requests} requests ${JSON.stringify(run.statuses)}; ${run.kills} kills (${run.killedConnections} connections); ` +
            `orders acknowledged ${run.acknowledged.length}, in the database ${audit.ordersInDatabase}, lost ${audit.lost.length}, without rows ${audit.withoutRows.length}, ` +
            `stock mismatches ${audit.stockMismatches.length}; bad 5xx ${run.bad.length}; process ${alive() ? 'running' : 'DEAD'}; loadavg ${loadavg()}`,
        );
        for (const b of run.bad.slice(0, 3)) console.log(`  bad answer ${b.status} ${b.path}: ${b.body}`);
      }
      console.log(
        `total: ${total.requests} requests ${JSON.stringify(total.statuses)}; ${total.kills} kills (${total.connections} connections); ` +
          `orders acknowledged ${total.acknowledged}, in the database ${total.inDatabase} (acknowledged and missing: ${total.lost}), without rows ${total.withoutRows}, ` +
          `stock mismatches ${total.mismatches}; 5xx other than 503+Retry-After ${total.bad}; stack traces ${total.traces}; process ${alive() ? 'running' : 'DEAD'}`,
      );

      if (alive()) {
        await cluster.stop();
        const [page, api] = await Promise.all([fetch(`${shop.url}/home`), fetch(`${shop.url}/api/v3/client/products/p/`)]);
        const unknown = await fetch(`${shop.url}/no-such/page`);
        console.log(`database stopped: /home ${page.status}, API ${api.status} (Retry-After ${api.headers.get('retry-after')}), unknown page ${unknown.status}`);
        await cluster.start();
        const started = Date.now();
        let status = 0;
        while (Date.now() - started < 60_000 && status !== 200) {
          status = (await fetch(`${shop.url}/api/v3/client/products/p/?page_size=1`).catch(() => null))?.status ?? 0;
          if (status !== 200) await new Promise((r) => setTimeout(r, 200));
        }
        console.log(`database started again: API ${status} after ${((Date.now() - started) / 1000).toFixed(1)} s, no restart; loadavg ${loadavg()}`);
      } else {
        console.log(`the shop process died:\n${shop.output().slice(-3000)}`);
      }
    } finally {
      if (alive()) await shop.stop();
    }
  } finally {
    await cluster.remove();
    rmSync(tmp, { recursive: true, force: true });
  }
}
