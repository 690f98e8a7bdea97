// npm run mail:status [-- --retry-failed]: the outbox as the owner needs it (ADR 0010). On PGlite
// run it while the shop is stopped (one process per data folder); on PostgreSQL at any time.
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { statusLines } from '../outbox/outbox-status';
import { mailStatus, retryFailedMail } from './mail-status';

const database = await openConfiguredDatabase(loadConfig());
try {
  await database.migrate();
  if (process.argv.includes('--retry-failed')) console.log(`[mail] ${await retryFailedMail(database.db, new Date())} failed mail(s) queued again`);
  const [counts, ...open] = statusLines(await mailStatus(database.db), 'no mail yet');
  console.log(`[mail] ${counts}`);
  for (const line of open) console.log(line);
} finally {
  await database.close();
}
