// Posts the order webhooks the checkout wrote to the outbox (ADR 0029). The claim, lease,
// retries with backoff and pruning are the outbox runner's, as for mail; what is ours: the body
// is built at the first attempt and kept in the row, so every retry sends the same bytes under
// the same signature and delivery id; any answer but a 2xx, a timeout or a refused connection is
// a failed attempt, retried later.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, WEBHOOK_KINDS } from '../db/schema';
import { erpOrder } from '../orders/erp-order';
import { createOutboxRunner, PermanentOutboxError, type OutboxRow, type OutboxTuning, type OutboxWorker } from '../outbox/outbox-runner';
import { ORDER_PLACED_EVENT, orderPlacedBody } from './order-webhook-body';
import { ATTEMPT_HEADER, DELIVERY_HEADER, EVENT_HEADER, signBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './webhook-signature';

/** Per attempt, answer included; ten rows of a round at this stay inside the outbox lease (2 min). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a refusal's body is kept in last_error. */
const ANSWER_EXCERPT = 300;

export interface WebhookWorkerOptions extends OutboxTuning {
  db: Db;
  url: string;
  secret: string;
  /** The shop's public address, named in every body. */
  publicSiteUrl: string;
  timeoutMs?: number;
  /** Replaceable in tests. */
  fetch?: typeof fetch;
}

/** The address without credentials or query (a token there stays out of logs and the status). */
export function shownUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/** The start of what a refusing receiver said, read no further than that. */
async function excerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_EXCERPT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8', 0, Math.min(size, ANSWER_EXCERPT)).replace(/\s+/g, ' ').trim();
}

export function createWebhookWorker(options: WebhookWorkerOptions): OutboxWorker {
  const { db, url, secret, ...tuning } = options;
  const post = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const shown = shownUrl(url);

  /** The body of this delivery: the one kept from an earlier attempt, or built now and kept. */
  async function bodyOf(row: OutboxRow): Promise<{ body: string; deliveryId: string }> {
    if (row.refId === null || row.deliveryId === null) throw new PermanentOutboxError(`${row.kind} #${row.id} names no order or delivery`);
    if (row.payload !== null) return { body: row.payload, deliveryId: row.deliveryId };
    const order = await erpOrder(db, row.refId);
    if (!order) throw new PermanentOutboxError(`order ${row.refId} does not exist`);
    const body = orderPlacedBody(order, row.deliveryId, options.publicSiteUrl);
    await db
      .update(mailOutbox)
      .set({ payload: body })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.lockedBy, row.lockedBy ?? ''), eq(mailOutbox.state, 'sending')));
    return { body, deliveryId: row.deliveryId };
  }

  async function deliver(row: OutboxRow): Promise<{ to: string }> {
    const { body, deliveryId } = await bodyOf(row);
    let response: Response;
    try {
      response = await post(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Vinoshop-Webhook/1',
          [SIGNATURE_HEADER]: signBody(secret, body),
          [DELIVERY_HEADER]: deliveryId,
          [TIMESTAMP_HEADER]: String(Math.floor(now().getTime() / 1000)),
          [EVENT_HEADER]: ORDER_PLACED_EVENT,
          [ATTEMPT_HEADER]: String(row.attempts),
        },
        body,
        // A redirected POST would turn into a GET without the body: a 3xx is a refusal to fix in ORDER_WEBHOOK_URL.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status >= 200 && response.status < 300) {
        await response.body?.cancel();
        return { to: shown };
      }
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`${shown} did not answer within ${timeoutMs / 1000} s`);
      throw error instanceof Error ? new Error(`${shown} could not be reached`, { cause: error.cause ?? error }) : error;
    }
    const said = await excerpt(response).catch(() => '');
    const moved = response.status >= 300 && response.status < 400 ? ` (redirects are not followed: set ORDER_WEBHOOK_URL to ${response.headers.get('location') ?? 'the final address'})` : '';
    throw new Error(`${shown} answered ${response.status}${moved}${said ? `: ${said}` : ''}`);
  }

  return createOutboxRunner({ ...tuning, db, noun: 'webhook', kinds: { only: WEBHOOK_KINDS }, deliverer: () => deliver });
}
