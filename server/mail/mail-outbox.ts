// Writing mail to the outbox: each function takes the caller's transaction, so the mail exists
// exactly when what caused it does (ADR 0010). The outbox worker sends it afterwards.
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../src/lib/i18n/locales';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailMessage } from './mailer';

export const MAIL_KINDS = ['order-confirmation', 'order-confirmation-copy', 'contact', 'password-reset', 'sign-up-confirmation', 'trade-account-request', 'trade-account-approved', 'account-invitation'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The confirmation to the customer and its copy to the shop, both built (PDF included) when
 * sent: an INSERT for a part of the checkout's statement that writes the order's follow-ups
 * (ADR 0041), with the order's id, locale and time as the caller's SQL.
 */
export function orderConfirmationMails(order: SQL, locale: SQL, now: SQL): SQL {
  const kinds = (['order-confirmation', 'order-confirmation-copy'] as const satisfies readonly MailKind[]).map((k) => sql`${k}`);
  return sql`insert into mail_outbox (kind, ref_id, locale, next_attempt_at, created_at)
    select kind, ${order}, ${locale}, ${now}, ${now} from unnest(array[${sql.join(kinds, sql`, `)}]::text[]) as kind`;
}

/** A contact form message to the shop, built from the stored message when sent. */
export async function enqueueContactMail(tx: Db, messageId: number, locale: Locale, recipient: string, now: Date): Promise<void> {
  await tx.insert(mailOutbox).values({ kind: 'contact', refId: messageId, locale, recipient, nextAttemptAt: now, createdAt: now });
}

/**
 * A rendered message that cannot be built again later (the reset code is stored hashed only).
 * Past `expiresAt` it is not sent any more, and its text is blanked.
 */
export async function enqueueRenderedMail(
  tx: Db,
  mail: RenderedMail,
  now: Date,
): Promise<void> {
  await enqueueRenderedMails(tx, [mail], now);
}

export interface RenderedMail {
  kind: MailKind;
  refId: number | null;
  locale: string;
  message: MailMessage;
  expiresAt: Date | null;
}

/** Many rendered messages in one statement (an import's invitations). */
export async function enqueueRenderedMails(tx: Db, mails: readonly RenderedMail[], now: Date): Promise<void> {
  if (!mails.length) return;
  await tx.insert(mailOutbox).values(
    mails.map((mail) => {
      const { to, subject, text } = mail.message;
      return {
        kind: mail.kind,
        refId: mail.refId,
        locale: isLocale(mail.locale) ? mail.locale : DEFAULT_LOCALE,
        recipient: to,
        message: { to, subject, text },
        expiresAt: mail.expiresAt,
        nextAttemptAt: now,
        createdAt: now,
      };
    }),
  );
}
