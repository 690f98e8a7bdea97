// npm run db:seed [-- --reset] [-- --products N]: seeds the demo shop into the configured
// database; with --products N it then grows the catalogue to N products (see catalogue-scale.ts).
import { loadConfig, mediaDirOf, privateDirOf } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { scaleCatalogue } from './catalogue-scale';
import { seedDemoShop } from './seed';

function productsFlag(argv: string[]): number | undefined {
  const at = argv.findIndex((a) => a === '--products' || a.startsWith('--products='));
  if (at < 0) return undefined;
  const raw = argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  const n = Number(raw?.replace(/_/g, ''));
  if (!raw || !Number.isInteger(n) || n < 0) {
    console.error(`[seed] --products wants a whole number of products, got "${raw ?? ''}"`);
    process.exit(2);
  }
  return n;
}

const config = loadConfig();
const reset = process.argv.includes('--reset');
const products = productsFlag(process.argv);
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const log = (m: string) => console.log(`[seed] ${m}`);
  const seeded = await seedDemoShop(database.db, { reset, mediaDir: mediaDirOf(config.dataDir), privateDir: privateDirOf(config.dataDir), log });
  if (!seeded && products === undefined) console.log('[seed] the demo shop is already there; use --reset to start again');
  if (products !== undefined) await scaleCatalogue(database.db, products, { log });
} finally {
  await database.close();
}
