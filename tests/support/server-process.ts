// Starts `npm start`'s entry (server/start.ts) as a child process on its own port, data and
// build folders, and waits until it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { ROOT_DIR } from '../../server/config';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

export async function startShopProcess(options: {
  dataDir: string;
  distDir: string;
  port?: number;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** The script to run instead of server/start.ts (it must print "is running at" when ready). */
  entry?: string;
}): Promise<ShopProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? path.join(ROOT_DIR, 'server/start.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, DIST_DIR: options.distDir, PUBLIC_SITE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} before answering:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the shop did not answer within the time limit:\n${log}`);
    }
    const ok = await fetch(`${url}/api/v3/client/config/system/DEFAULT_LOCALE/`).then((r) => r.ok, () => false);
    if (ok && log.includes('is running at')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    child,
    output: () => log,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
