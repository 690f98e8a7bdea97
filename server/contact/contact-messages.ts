// Contact form messages: stored with the sender's address, throttled per address and per
// email so the form cannot be used to flood the shop's mailbox.
import type { Db } from '../db/client';
import { countInWindow } from '../auth/rate-limit';
import { contactMessages } from '../db/schema';
import { enqueueContactMail } from '../mail/mail-outbox';
import type { Locale } from '../../src/lib/contract/common';

export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 10 * 60 * 1000;

/**
 * Counts one message for each key in a fixed window; answers false when any key is past the
 * limit. The count is taken before sending, so refused attempts count too.
 */
export async function takeContactSlot(db: Db, keys: string[], now: Date): Promise<boolean> {
  let allowed = true;
  for (const key of keys) if ((await countInWindow(db, key, now, CONTACT_WINDOW_MS)) > CONTACT_LIMIT) allowed = false;
  return allowed;
}

export const contactLimitKeys = (email: string, address: string) => [`contact:email:${email.toLowerCase()}`, `contact:ip:${address}`];

export type NewContactMessage = typeof contactMessages.$inferInsert;

/** Stores the message and, in the same transaction, its mail to the shop in the outbox. */
export async function storeContactMessage(db: Db, message: NewContactMessage & { locale: Locale }, shopEmail: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    await enqueueContactMail(tx, row!.id, message.locale, shopEmail, message.createdAt ?? new Date());
    return row!.id;
  });
}
