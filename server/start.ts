// npm start: migrate, seed the demo shop on first run, build the site when missing or stale,
// and serve. Everything runs in this one process, so PGlite is opened once (in a worker thread
// of this process: server/db/pglite-thread.ts).
// npm run dev (--dev): the same demo shop behind Astro's dev server instead of a build.
// This is the demo starter: the only serving entry that knows about the seed (ADR 0019).
import { buildSite, buildStaleness } from './build-site';
import { loadConfig } from './config';
import { openShop } from './runtime';
import { lastChangeId } from './pages/page-changes';
import { serveShop } from './serve';
import { DEMO_LOGINS } from './seed/people';
import { demoSeed } from './seed/seed';

const log = (m: string) => console.log(`[shop] ${m}`);

const config = loadConfig();
const devMode = process.argv.includes('--dev');
const shop = await openShop(config, { prepare: demoSeed(config.dataDir, log), log });
try {
  if (devMode) {
    // Imported here so that npm start never loads Astro's dev server and Vite.
    const { serveDev } = await import('./dev');
    await serveDev(shop);
  } else {
    const stale = await buildStaleness(config.distDir);
    if (stale) {
      log(`building the site: ${stale}…`);
      await buildSite(config.distDir, log, { changesAsOf: () => lastChangeId(shop.database.db) });
    } else log('site build is up to date');
    await serveShop(shop, log);
  }
} catch (error) {
  await shop.close();
  throw error;
}

const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
console.log(`
  Vinoshop${devMode ? ' (dev)' : ''} is running at http://${shown}:${config.port}

  Demo logins:
${DEMO_LOGINS.map((l) => `    ${l.username.padEnd(22)} ${l.password.padEnd(16)} ${l.who}`).join('\n')}
`);
