// npm run mail:status [-- --retry-failed]: the outbox as the owner needs it (ADR 0010). On PGlite
// run it while the shop is stopped (one process per data folder); on PostgreSQL at any time.
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { mailStatus, retryFailedMail } from './mail-status';

const database = await openConfiguredDatabase(loadConfig());
try {
  await database.migrate();
  if (process.argv.includes('--retry-failed')) console.log(`[mail] ${await retryFailedMail(database.db, new Date())} failed mail(s) queued again`);
  const { counts, open } = await mailStatus(database.db);
  console.log(`[mail] ${Object.entries(counts).map(([state, n]) => `${state}: ${n}`).join(', ') || 'no mail yet'}`);
  for (const r of open) {
    const next = r.state === 'failed' ? '' : ` next ${r.nextAttemptAt.toISOString()}`;
    console.log(`  #${r.id} ${r.kind}${r.refId === null ? '' : ` (ref ${r.refId})`} ${r.recipient ?? ''} ${r.state} after ${r.attempts} attempt(s)${next}${r.lastError ? `: ${r.lastError}` : ''}`);
  }
} finally {
  await database.close();
}
