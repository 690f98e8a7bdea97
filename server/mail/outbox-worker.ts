// Sends the mail that requests wrote to mail_outbox (ADR 0010): the claim, lease, retries and
// pruning are the outbox runner's (server/outbox/outbox-runner.ts); what is mail-specific is here:
// building each message (order confirmations with their PDF, after the commit) and handing it to
// the Mailer. Webhook rows in the same table are left to the webhook worker (ADR 0029).
import { eq } from 'drizzle-orm';
import { isLocale } from '../../src/lib/i18n/locales';
import type { Db } from '../db/client';
import { contactMessages, WEBHOOK_KINDS } from '../db/schema';
import { findOrder } from '../orders/order-read';
import { createOutboxRunner, PermanentOutboxError, type OutboxRow, type OutboxTuning, type OutboxWorker } from '../outbox/outbox-runner';
import { contactMail } from './contact-mail';
import type { Mailer, MailMessage } from './mailer';
import { orderConfirmationMails } from './order-mail';

export {
  OUTBOX_LEASE_MS as MAIL_LEASE_MS, OUTBOX_MAX_ATTEMPTS as MAIL_MAX_ATTEMPTS, OUTBOX_POLL_MS as MAIL_POLL_MS, OUTBOX_RETRY_BASE_MS as MAIL_RETRY_BASE_MS,
  OUTBOX_RETRY_MAX_MS as MAIL_RETRY_MAX_MS, KEEP_FAILED_MS, KEEP_SENT_MS, retryDelayMs, type OutboxWorker,
} from '../outbox/outbox-runner';

export interface OutboxWorkerOptions extends OutboxTuning {
  db: Db;
  /** The transport: SMTP, the outbox folder, or memory in tests. */
  mailer: Mailer;
  shopEmail: string;
  publicSiteUrl: string;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, ...tuning } = options;

  async function build(row: OutboxRow, orderMails: Map<string, Promise<MailMessage[]>>): Promise<MailMessage> {
    const locale = isLocale(row.locale) ? row.locale : 'it';
    if (row.message) return { tag: row.kind, ...row.message };
    if ((row.kind === 'order-confirmation' || row.kind === 'order-confirmation-copy') && row.refId !== null) {
      const key = `${row.refId}:${locale}`;
      // The customer's mail and the shop's copy share one PDF when claimed together.
      let both = orderMails.get(key);
      if (!both) {
        both = (async () => {
          const order = await findOrder(db, row.refId!);
          if (!order) throw new PermanentOutboxError(`order ${row.refId} does not exist`);
          return orderConfirmationMails({ db, shopEmail: options.shopEmail, publicSiteUrl: options.publicSiteUrl }, order, locale);
        })();
        orderMails.set(key, both);
      }
      const message = (await both).find((m) => m.tag === row.kind);
      if (!message) throw new PermanentOutboxError(`order ${row.refId} has no customer to write to`);
      return message;
    }
    if (row.kind === 'contact' && row.refId !== null) {
      const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, row.refId));
      if (!stored) throw new PermanentOutboxError(`contact message ${row.refId} does not exist`);
      return contactMail({ ...stored, to: row.recipient ?? options.shopEmail, locale, receivedAt: stored.createdAt, siteUrl: options.publicSiteUrl });
    }
    throw new PermanentOutboxError(`nothing to build a ${row.kind} mail from`);
  }

  return createOutboxRunner({
    ...tuning,
    db,
    noun: 'mail',
    kinds: { except: WEBHOOK_KINDS },
    deliverer: () => {
      const orderMails = new Map<string, Promise<MailMessage[]>>();
      return async (row) => {
        const message = await build(row, orderMails);
        await mailer.send(message);
        return { to: message.to };
      };
    },
  });
}
