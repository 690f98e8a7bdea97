// Place-order time in the request: N sequential checkouts through the in-process API on an
// in-memory PGlite, with mail written to a folder as a shop without SMTP_URL does. Prints wall
// time and process CPU per checkout (median, p90), then how long the mail takes to go out.
// With --webhook, every order also writes its webhook (ADR 0029) and the figures end with how
// long the deliveries take to a receiver on 127.0.0.1: compare with a run without it.
// Run: npx tsx tests/bench/checkout-time.ts [count] [--webhook]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { outboxMailer } from '../../server/mail/mailer';
import { createWebhookWorker } from '../../server/webhooks/webhook-worker';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { LOGINS, openTestShop } from '../support/test-shop';

const count = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 300);
const webhook = process.argv.includes('--webhook');
const dir = await mkdtemp(path.join(tmpdir(), 'checkout-bench-'));
const mailer = outboxMailer(dir, 'bench@vinoshop.example');
const quiet = console.log;
console.log = () => {};
const shop = await openTestShop({ mailer, deps: { orderWebhook: webhook } });
const db = shop.database.db;
const token = await shop.login(...LOGINS.b2b);
const c1 = await customerId(db, 'C0001');
const a1 = await defaultAddresses(db, c1);
const { method, policy } = await checkoutChoiceIds(db);
const product = await makeProduct(db, { quantity: count * 10 });

const wall: number[] = [];
const cpu: number[] = [];
const load = () => readFileSync('/proc/loadavg', 'utf8').trim();
const loadBefore = load();
for (let i = 0; i < count; i++) {
  const cart = await makeCart(db, { customer: c1, rows: [{ product: product.id, qty: 1 }] });
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const response = await shop.call('checkout/', {
    method: 'POST',
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ cart, billing_address: a1.billing, shipping_address: a1.shipping, shipping_method: policy['courier-it'], payment_method: method['riba-30'] }),
  });
  await response.arrayBuffer();
  wall.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
  if (response.status !== 201) throw new Error(`checkout ${i}: ${response.status}`);
}
const t1 = performance.now();
await shop.drainMail();
const drainMs = performance.now() - t1;
let hookLine = '';
if (webhook) {
  const receiver = await startWebhookReceiver();
  const t2 = performance.now();
  await createWebhookWorker({ db, url: receiver.url, secret: 'bench-secret-0123456789', publicSiteUrl: 'http://localhost:4321', log: () => {} }).drain();
  const hookMs = performance.now() - t2;
  hookLine = `webhooks delivered after the checkouts: ${receiver.received.length} in ${hookMs.toFixed(0)} ms, ${(hookMs / count).toFixed(1)} ms per order`;
  await receiver.close();
}
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(1)} ms, mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(1)} ms`;
};
console.log = quiet;
console.log(`${count} checkouts${webhook ? ' with the order webhook' : ''}, loadavg before: ${loadBefore}, after: ${load()}`);
console.log(`wall per checkout: ${stat(wall)}`);
console.log(`CPU per checkout:  ${stat(cpu)}`);
console.log(`mail sent after the checkouts (outbox drain): ${drainMs.toFixed(0)} ms, ${(drainMs / count).toFixed(1)} ms per order`);
if (hookLine) console.log(hookLine);
await shop.close();
await rm(dir, { recursive: true, force: true });
