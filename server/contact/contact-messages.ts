// Contact form messages: stored with the sender's address; the keys they are throttled by (per
// address and per email, CONTACT_MESSAGES in auth/attempt-limits.ts).
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { enqueueContactMail } from '../mail/mail-outbox';
import type { Locale } from '../../src/lib/contract/common';

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
