// The shop's own commands as a deployment runs them: `npm run build` and `npm run serve` as child
// processes (each in its own process group, so npm and the node under it stop together), a
// throwaway PostgreSQL database, and a small HTTP receiver for the purge webhook.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type pg from 'pg';
import { createThrowawayDatabase, sidePool } from '../support/test-db';
import { ROOT_DIR } from '../../server/config';
import { freePort } from '../support/server-process';

export { freePort };

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function spawnNpm(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(npm, ['run', '--silent', script], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: one database sys_<random> per run, dropped at the end.

export interface SysDatabase {
  name: string;
  url: string;
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createSysDatabase(adminUrl: string): Promise<SysDatabase> {
  const created = await createThrowawayDatabase(adminUrl, 'sys');
  const pool = sidePool(created.url, { max: 2 });
  return {
    name: created.name,
    url: created.url,
    query: async (text, values) => (await pool.query(text, values)).rows,
    async drop() {
      await pool.end().catch(() => {});
      await created.drop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// npm run build

export interface BuildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From start to exit (or to the kill). */
  durationMs: number;
  /** Between the last line it printed and its exit (or the kill). */
  quietBeforeExitMs: number;
  /** We stopped it: it did not exit within the limits. */
  killed: 'hung after its last line' | 'time limit' | null;
  lastLine: string;
  output: string;
}

/**
 * Runs `npm run build` and waits for it to exit by itself. When it has printed its closing
 * "site built" line and stays alive `hangMs` longer, or runs past `timeoutMs`, it is killed and
 * the run says so (the build output is complete by then, so the tests that follow can go on).
 */
export async function runBuild(env: NodeJS.ProcessEnv, options: { timeoutMs: number; hangMs: number }): Promise<BuildRun> {
  const started = Date.now();
  let output = '';
  let lastOutputAt = started;
  const child = spawnNpm('build', env);
  const note = (d: Buffer) => {
    output += d.toString();
    lastOutputAt = Date.now();
  };
  child.stdout!.on('data', note);
  child.stderr!.on('data', note);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  let killed: BuildRun['killed'] = null;
  const watchdog = setInterval(() => {
    const now = Date.now();
    if (/site built/.test(output) && now - lastOutputAt > options.hangMs) killed = 'hung after its last line';
    else if (now - started > options.timeoutMs) killed = 'time limit';
    if (killed) {
      clearInterval(watchdog);
      killGroup(child, 'SIGKILL');
    }
  }, 250);
  const result = await exit;
  clearInterval(watchdog);
  // npm exits when its child does; anything left in the group goes too.
  killGroup(child, 'SIGKILL');
  const lines = output.trim().split('\n').filter((l) => l.trim() && !/^npm warn/i.test(l));
  return {
    code: result.code,
    signal: result.signal,
    durationMs: result.at - started,
    quietBeforeExitMs: result.at - lastOutputAt,
    killed,
    lastLine: lines.at(-1) ?? '',
    output,
  };
}

// ---------------------------------------------------------------------------------------------
// npm run serve

export interface ServeProcess {
  url: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

export async function startServe(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ServeProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawnNpm('serve', { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_SITE_URL: url });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!log.includes('listening on')) {
    if (child.exitCode !== null) throw new Error(`npm run serve exited with ${child.exitCode} before listening:\n${log}`);
    if (Date.now() > deadline) {
      killGroup(child, 'SIGKILL');
      throw new Error(`npm run serve did not say "listening on" within ${timeoutMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    output: () => log,
    async stop() {
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      killGroup(child, 'SIGKILL');
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The purge webhook's receiving end

export interface PurgeCall {
  at: number;
  body: { paths?: string[]; tags?: string[] };
}

export interface PurgeReceiver {
  url: string;
  calls: PurgeCall[];
  close(): Promise<void>;
}

export async function startPurgeReceiver(): Promise<PurgeReceiver> {
  const calls: PurgeCall[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      try {
        calls.push({ at: Date.now(), body: JSON.parse(raw) as PurgeCall['body'] });
      } catch {
        calls.push({ at: Date.now(), body: {} });
      }
      res.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/purge`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number, everyMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
