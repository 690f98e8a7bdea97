// A PostgreSQL cluster of the test's own (initdb into a temporary folder, its own port and
// socket folder, trust authentication), so a test may stop it, start it again and drop every
// connection without touching the shared server. PostgreSQL refuses to run as root: as root,
// initdb and pg_ctl run as the `postgres` user on a folder that user owns.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';
import { sidePool } from './test-db';

const run = promisify(execFile);

/** The folder with initdb and pg_ctl of the newest PostgreSQL installed, if any. */
export function postgresBinaries(): string | undefined {
  for (const version of ['18', '17', '16', '15', '14']) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

export interface PrivateCluster {
  port: number;
  /** The shop's database in it. */
  url: string;
  /** A connection as the superuser, for checks and for dropping the shop's connections. */
  admin: pg.Pool;
  /** pg_ctl stop -m fast: every connection is closed, new ones are refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and deletes its folder. */
  remove(): Promise<void>;
}

async function idsOf(user: string): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startPrivateCluster(bin: string, database = 'shop'): Promise<PrivateCluster> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vinoshop-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (root) {
    const { uid, gid } = await idsOf('postgres');
    chownSync(dir, uid, gid);
  }
  const as = (command: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]) : run(path.join(bin, command), args);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`;
  const pgCtl = (...args: string[]) => as('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', ...args]);

  await as('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  await pgCtl('-o', options, 'start');
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const setup = new pg.Client({ connectionString: `${base}/postgres` });
  await setup.connect();
  await setup.query(`create database ${database}`);
  await setup.end();

  // The test stops the cluster under this pool: its connections go, quietly.
  const admin = sidePool(`${base}/${database}`, { max: 2, connectionTimeoutMillis: 5_000 });
  let running = true;
  return {
    port,
    url: `${base}/${database}`,
    admin,
    async stop() {
      if (!running) return;
      await pgCtl('-m', 'fast', 'stop');
      running = false;
    },
    async start() {
      if (running) return;
      await pgCtl('-o', options, 'start');
      running = true;
    },
    async remove() {
      await admin.end().catch(() => {});
      if (running) await pgCtl('-m', 'immediate', 'stop').catch(() => {});
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
