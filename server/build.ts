// npm run build: builds the storefront from the configured database (or SHOP_API_URL when
// another server is running; PGlite cannot be opened by two processes at once).
import { loadConfig } from './config';
import { buildSite } from './build-site';
import { openShop } from './runtime';

const config = loadConfig();
const shop = config.shopApiUrl ? null : await openShop(config, { seed: true, log: (m) => console.log(`[shop] ${m}`) });
try {
  await buildSite(config.distDir, (m) => console.log(`[build] ${m}`));
} finally {
  await shop?.close();
}
