// npm run build: builds the storefront from the configured database (or SHOP_API_URL when
// another server is running; PGlite cannot be opened by two processes at once).
import { loadConfig } from './config';
import { demoSeed } from './seed/seed';
import { buildSite } from './build-site';
import { openShop } from './runtime';
import { lastChangeId } from './pages/page-changes';

const config = loadConfig();
const shop = config.shopApiUrl ? null : await openShop(config, { prepare: demoSeed(config.dataDir, (m) => console.log(`[shop] ${m}`)), log: (m) => console.log(`[shop] ${m}`) });
let code = 0;
try {
  await buildSite(config.distDir, (m) => console.log(`[build] ${m}`), { changesAsOf: shop ? () => lastChangeId(shop.database.db) : undefined });
} catch (error) {
  console.error('[build] failed:', error);
  code = 1;
} finally {
  await shop?.close();
}
// Astro and Vite leave handles open after a build (seen: still alive 60 s after "Complete!" on
// PostgreSQL and PGlite); everything of ours is closed by now, so the command ends here.
process.exit(code);
