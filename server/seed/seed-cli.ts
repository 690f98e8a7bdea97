// npm run db:seed [-- --reset]: seeds the demo shop into the configured database.
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { mediaDirOf, privateDirOf, seedDemoShop } from './seed';

const config = loadConfig();
const reset = process.argv.includes('--reset');
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const seeded = await seedDemoShop(database.db, { reset, mediaDir: mediaDirOf(config.dataDir), privateDir: privateDirOf(config.dataDir), log: (m) => console.log(`[seed] ${m}`) });
  if (!seeded) console.log('[seed] the demo shop is already there; use --reset to start again');
} finally {
  await database.close();
}
