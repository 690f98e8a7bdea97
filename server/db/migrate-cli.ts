// npm run db:migrate: applies the migrations to the configured database.
import { loadConfig } from '../config';
import { openConfiguredDatabase } from './client';

const database = await openConfiguredDatabase(loadConfig());
try {
  await database.migrate();
  console.log(`[db] ${database.kind} is up to date`);
} finally {
  await database.close();
}
