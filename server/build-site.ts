// Builds the storefront (every page prerendered per locale), then writes brotli and gzip copies
// of text assets and a build record (id, time) that the server and open tabs compare against.
import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ROOT_DIR } from './config';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const BUILD_INFO_FILE = 'build-info.json';
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;
/** What the build is made from: newer files here mean the build is stale. */
const SOURCES = ['src', 'public', 'astro.config.mjs', 'uno.config.ts', 'package-lock.json'];

export interface BuildInfo {
  buildId: string;
  builtAt: string;
  /** When the build started reading data: later changes are served on demand. */
  dataAsOf: string;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function newestSourceMtime(): Promise<number> {
  let newest = 0;
  for (const source of SOURCES) {
    const full = path.join(ROOT_DIR, source);
    const info = await stat(full).catch(() => null);
    if (!info) continue;
    if (info.isFile()) newest = Math.max(newest, info.mtimeMs);
    else for await (const file of walk(full)) newest = Math.max(newest, (await stat(file)).mtimeMs);
  }
  return newest;
}

export async function readBuildInfo(distDir: string): Promise<BuildInfo | null> {
  try {
    return JSON.parse(await readFile(path.join(distDir, BUILD_INFO_FILE), 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

/** Why the site needs building, or null when the build is current. */
export async function buildStaleness(distDir: string): Promise<string | null> {
  const info = await readBuildInfo(distDir);
  if (!info) return 'no build yet';
  const entry = await stat(path.join(distDir, 'server/entry.mjs')).catch(() => null);
  if (!entry) return 'the build is incomplete';
  if ((await newestSourceMtime()) > Date.parse(info.builtAt)) return 'sources changed since the last build';
  return null;
}

async function precompress(clientDir: string): Promise<number> {
  let count = 0;
  const files: string[] = [];
  for await (const file of walk(clientDir)) if (COMPRESSIBLE.test(file)) files.push(file);
  for (let i = 0; i < files.length; i += 16) {
    await Promise.all(
      files.slice(i, i + 16).map(async (file) => {
        const body = await readFile(file);
        if (body.length < 512) return;
        const [br, gz] = await Promise.all([
          brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          gzip(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        count++;
      }),
    );
  }
  return count;
}

/** Runs Astro's build in this process; the API must be reachable (in-process or SHOP_API_URL). */
export async function buildSite(distDir: string, log: (m: string) => void = console.log): Promise<BuildInfo> {
  const started = Date.now();
  const buildId = randomUUID();
  // Pages embed the id so an open tab can notice a newer deploy.
  process.env.SHOP_BUILD_ID = buildId;
  const { build } = await import('astro');
  await build({ root: ROOT_DIR, outDir: distDir, logLevel: process.env.ASTRO_LOG_LEVEL === 'info' ? 'info' : 'warn' });
  const compressed = await precompress(path.join(distDir, 'client'));
  const info: BuildInfo = { buildId, builtAt: new Date().toISOString(), dataAsOf: new Date(started).toISOString() };
  await writeFile(path.join(distDir, BUILD_INFO_FILE), JSON.stringify(info, null, 2));
  log(`site built in ${((Date.now() - started) / 1000).toFixed(1)} s (${compressed} files precompressed)`);
  return info;
}
