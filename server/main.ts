// npm run serve: serves an existing build (no seeding, no building), as a deployment would.
import { buildStaleness } from './build-site';
import { loadConfig } from './config';
import { openShop } from './runtime';
import { serveShop } from './serve';

const log = (m: string) => console.log(`[shop] ${m}`);
const config = loadConfig();
const stale = await buildStaleness(config.distDir);
if (stale === 'no build yet' || stale === 'the build is incomplete') {
  console.error(`[shop] ${stale}: run "npm run build" (or "npm start") first`);
  process.exit(1);
}
const shop = await openShop(config, { log });
await serveShop(shop, log);
log(`listening on http://localhost:${config.port}`);
