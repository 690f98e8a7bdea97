// npm run accounts:approve [-- <request id>]: the trade account requests waiting for the shop
// owner, and their approval (ADR 0025). Without an id it lists the pending requests; with one it
// creates the b2b customer and its user and queues the mail with the set-password link (sent by
// the shop's outbox worker). On PGlite run it while the shop is stopped (one process per data
// folder); on PostgreSQL at any time.
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { ShopError } from '../shop-errors';
import { approveTradeRequest, listTradeRequests, placeholderPasswordHash } from './sign-up';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const arg = process.argv.slice(2).find((a) => a !== '--');
try {
  await database.migrate();
  if (arg === undefined) {
    const pending = await listTradeRequests(database.db);
    console.log(`[accounts] ${pending.length} trade account request(s) waiting`);
    for (const r of pending) {
      const invoicing = [r.sdiCode && `SDI ${r.sdiCode}`, r.pec && `PEC ${r.pec}`].filter(Boolean).join(', ');
      console.log(`  #${r.id} ${r.createdAt.toISOString()} ${r.companyName} (${r.vatNumber}${invoicing ? `, ${invoicing}` : ''}) ${r.contactName} <${r.email}> ${r.phone}`);
    }
    if (pending.length) console.log('Approve one with: npm run accounts:approve -- <id>');
  } else if (!/^\d{1,9}$/.test(arg)) {
    console.error(`[accounts] not a request id: ${arg}`);
    process.exitCode = 2;
  } else {
    const done = await approveTradeRequest(database.db, Number(arg), { now: new Date(), siteUrl: config.publicSiteUrl, placeholderHash: await placeholderPasswordHash() });
    console.log(`[accounts] request #${arg} approved: customer ${done.customerId}, user ${done.userId}; the set-password link is queued for ${done.email}`);
  }
} catch (error) {
  if (!(error instanceof ShopError)) throw error;
  console.error(`[accounts] ${error.detail}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
