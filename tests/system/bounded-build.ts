// vitest global setup of the system tests: one `npm run build` on PGlite with a bounded prerender
// (PRERENDER_PRODUCTS), shared by the two files that need such a build. deployment.test.ts tests
// the build itself (it exits by itself, prerenders no more than asked, makes the others on
// demand); database-faults.test.ts only needs a built site to start `npm start` on, which then
// reuses it instead of building again (a build costs about a minute of both cores here).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT_DIR } from '../../server/config';
import { runBuild, type BuildRun } from './processes';

export const BOUNDED_PRERENDER_PRODUCTS = 8;
/** A build must exit this soon after its last line. */
export const BUILD_HANG_MS = 30_000;

export interface BoundedBuild {
  distDir: string;
  dataDir: string;
  prerenderProducts: number;
  run: BuildRun;
}

declare module 'vitest' {
  export interface ProvidedContext {
    boundedBuild: BoundedBuild | undefined;
  }
}

export default async function setup(project: TestProject) {
  // Without PostgreSQL the system tests are skipped: nothing to build for.
  if (!process.env.TEST_DATABASE_URL) {
    project.provide('boundedBuild', undefined);
    return;
  }
  const dir = path.join(ROOT_DIR, 'tests/.tmp', `sys-bounded-${randomBytes(3).toString('hex')}`);
  const distDir = path.join(dir, 'dist');
  const dataDir = path.join(dir, 'data');
  const run = await runBuild(
    { DATABASE_URL: '', DIST_DIR: distDir, DATA_DIR: dataDir, PRERENDER_PRODUCTS: String(BOUNDED_PRERENDER_PRODUCTS) },
    { timeoutMs: 6 * 60_000, hangMs: BUILD_HANG_MS },
  );
  console.log(`[system] PGlite build (${BOUNDED_PRERENDER_PRODUCTS} products), shared by the system test files: ${(run.durationMs / 1000).toFixed(1)} s`);
  project.provide('boundedBuild', { distDir, dataDir, prerenderProducts: BOUNDED_PRERENDER_PRODUCTS, run });
  return () => {
    if (process.env.KEEP_SYSTEM_TMP === '1') console.log(`[system] kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
}
