// Place-order time in the request: N sequential checkouts through the in-process API on an
// in-memory PGlite, with mail written to a folder as a shop without SMTP_URL does. Prints wall
// time and process CPU per checkout (median, p90), then how long the mail takes to go out.
// Run: npx tsx tests/bench/checkout-time.ts [count]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { outboxMailer } from '../../server/mail/mailer';
import { checkoutChoiceIds, customerId, defaultAddresses, makeCart, makeProduct } from '../support/checkout-fixtures';
import { LOGINS, openTestShop } from '../support/test-shop';

const count = Number(process.argv[2] ?? 300);
const dir = await mkdtemp(path.join(tmpdir(), 'checkout-bench-'));
const mailer = outboxMailer(dir, 'bench@vinoshop.example');
const quiet = console.log;
console.log = () => {};
const shop = await openTestShop({ mailer });
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
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(1)} ms, mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(1)} ms`;
};
console.log = quiet;
console.log(`${count} checkouts, loadavg before: ${loadBefore}, after: ${load()}`);
console.log(`wall per checkout: ${stat(wall)}`);
console.log(`CPU per checkout:  ${stat(cpu)}`);
console.log(`mail sent after the checkouts (outbox drain): ${drainMs.toFixed(0)} ms, ${(drainMs / count).toFixed(1)} ms per order`);
await shop.close();
await rm(dir, { recursive: true, force: true });
