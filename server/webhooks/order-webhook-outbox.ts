// Writing an order's webhook to the outbox: one INSERT in the order's own transaction, nothing
// else (no order read, no body, no network), so the checkout pays for a row and nothing more.
// The webhook worker builds the body and posts it after the commit (ADR 0029).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export async function enqueueOrderWebhook(tx: Db, orderId: number, now: Date): Promise<void> {
  // The delivery id is fixed here, so every attempt of this delivery carries the same one.
  await tx.insert(mailOutbox).values({ kind: 'order-webhook', refId: orderId, deliveryId: randomUUID(), nextAttemptAt: now, createdAt: now });
}
