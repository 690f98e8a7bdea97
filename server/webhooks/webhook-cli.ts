// npm run webhooks:status [-- --retry-failed]: the order webhooks as the owner needs them (ADR
// 0029): where they go, the count per state, every one not delivered with its last error, and
// queueing failed ones again once the receiver is fixed (same body, same delivery id). On PGlite
// run it while the shop is stopped (one process per data folder); on PostgreSQL at any time.
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { WEBHOOK_KINDS } from '../db/schema';
import { outboxStatus, retryFailed, statusLines } from '../outbox/outbox-status';
import { shownUrl } from './webhook-worker';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const WEBHOOKS = { only: WEBHOOK_KINDS };
try {
  await database.migrate();
  console.log(
    config.orderWebhook
      ? `[webhook] orders are posted to ${shownUrl(config.orderWebhook.url)}`
      : '[webhook] ORDER_WEBHOOK_URL is not set: orders placed now write no webhook, and those waiting are not sent',
  );
  if (process.argv.includes('--retry-failed')) console.log(`[webhook] ${await retryFailed(database.db, WEBHOOKS, new Date())} failed webhook(s) queued again`);
  const [counts, ...open] = statusLines(await outboxStatus(database.db, WEBHOOKS), 'no webhook yet');
  console.log(`[webhook] ${counts}`);
  for (const line of open) console.log(line);
} finally {
  await database.close();
}
