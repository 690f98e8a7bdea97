// Becoming a customer (ADR 0025). A consumer signs up: a b2c customer and its user are created
// inactive, with a confirmation link mailed (outbox) in the visitor's language; the link activates
// both. A business asks for a trade account: the request is stored and mailed to the shop; the
// owner approves it (npm run accounts:approve), which creates the b2b customer and its user and
// mails a link to set the password. Domain code: it throws shopError names, the API maps them.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ErrorItem } from '../../src/lib/contract/common';
import { SIGN_UP_FIELD_CODES } from '../../src/lib/contract/sign-up-codes';
import type { Locale } from '../../src/lib/i18n/locales';
import { normalizeSdiCode, normalizeVatNumber } from '../../src/lib/rules/trade-account';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import { checkLinkToken, issueLinkToken, LINK_TTL_MS, useLinkToken, type LinkPurpose } from '../auth/link-tokens';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw';
import { customers, oneTimeCodes, tradeAccountRequests, users } from '../db/schema';
import { signUpConfirmationMail, tradeAccountApprovedMail, tradeAccountRequestMail, type TradeRequestFields } from '../mail/account-mails';
import { enqueueRenderedMail } from '../mail/mail-outbox';
import { shopError } from '../shop-errors';

const emailTaken = (): ErrorItem => ({ field: 'email', code: SIGN_UP_FIELD_CODES.emailTaken, message: 'An account with this email address already exists.' });

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/** A user that signed up and never confirmed: inactive, with a confirmation link issued. */
async function unconfirmedUser(db: Db, email: string): Promise<{ id: number; customerId: number | null } | undefined> {
  const [user] = await db.select({ id: users.id, customerId: users.customerId, isActive: users.isActive }).from(users).where(byEmail(email)).limit(1);
  if (!user) return undefined;
  if (user.isActive) throw shopError('Conflict', [emailTaken()], 'An account with this email address already exists.');
  const [link] = await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'email_confirm'))).limit(1);
  // An account the shop switched off is not given back by signing up again.
  if (!link) throw shopError('Conflict', [emailTaken()], 'An account with this email address already exists.');
  return user;
}

/** Customer codes of accounts made here: W (web) and the id, apart from the shop's own codes. */
const customerCode = (id: number) => `W${String(id).padStart(5, '0')}`;

async function insertCustomer(tx: Db, values: Omit<typeof customers.$inferInsert, 'code' | 'id'>): Promise<number> {
  const [next] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('customers', 'id'))::int as id`);
  const id = next!.id;
  await tx.insert(customers).values({ ...values, id, code: customerCode(id) });
  return id;
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  locale: Locale;
}

/**
 * Creates the inactive consumer and mails the confirmation link. Signing up again with an address
 * that was never confirmed replaces the details and sends a new link (the old one stops working).
 */
export async function registerConsumer(db: Db, r: Registration, { now, siteUrl }: { now: Date; siteUrl: string }): Promise<void> {
  const email = r.email.trim();
  const earlier = await unconfirmedUser(db, email);
  await db.transaction(async (tx) => {
    let userId: number;
    if (earlier) {
      userId = earlier.id;
      await tx.update(users).set({ firstName: r.firstName, lastName: r.lastName, passwordHash: r.passwordHash, locale: r.locale }).where(eq(users.id, userId));
      if (earlier.customerId !== null) await tx.update(customers).set({ firstName: r.firstName, lastName: r.lastName }).where(eq(customers.id, earlier.customerId));
    } else {
      const customerId = await insertCustomer(tx, { kind: 'b2c', firstName: r.firstName, lastName: r.lastName, email, isActive: false });
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash: r.passwordHash, firstName: r.firstName, lastName: r.lastName, customerId, locale: r.locale, isActive: false })
        .returning({ id: users.id });
      userId = user!.id;
    }
    const { token, expiresAt, id } = await issueLinkToken(tx, userId, 'email_confirm', now);
    const message = signUpConfirmationMail({ to: email, firstName: r.firstName, locale: r.locale, token, siteUrl, hours: LINK_TTL_MS.email_confirm / 3_600_000 });
    await enqueueRenderedMail(tx, { kind: 'sign-up-confirmation', refId: id, locale: r.locale, message, expiresAt }, now);
  }).catch((error: unknown) => {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw shopError('Conflict', [emailTaken()], 'An account with this email address already exists.');
    throw error;
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const linkRefused = (reason: 'invalid' | 'expired' | 'used') => {
  const code = { invalid: SIGN_UP_FIELD_CODES.linkInvalid, expired: SIGN_UP_FIELD_CODES.linkExpired, used: SIGN_UP_FIELD_CODES.linkUsed }[reason];
  const message = { invalid: 'The link is not valid.', expired: 'The link has expired.', used: 'The link has already been used.' }[reason];
  return shopError('ValidationFailed', [{ field: 'token', code, message }], message);
};

/** Checks a link's token (400 with the reason when it is not good). */
export async function validLink(db: Db, token: string, purpose: LinkPurpose, now: Date) {
  const check = await checkLinkToken(db, token, purpose, now);
  if (!check.ok) throw linkRefused(check.reason);
  return check;
}

/** Activates the account (and its customer) of a confirmation link; answers its email. */
export async function confirmEmail(db: Db, token: string, now: Date): Promise<string> {
  const link = await validLink(db, token, 'email_confirm', now);
  return db.transaction(async (tx) => {
    if (!(await useLinkToken(tx, link.id, now))) throw linkRefused('used');
    const [user] = await tx.update(users).set({ isActive: true }).where(eq(users.id, link.userId)).returning({ email: users.email, customerId: users.customerId });
    if (user?.customerId != null) await tx.update(customers).set({ isActive: true }).where(eq(customers.id, user.customerId));
    return user!.email;
  });
}

/** Sets the first password of an approved trade account with its link (already policy-checked and hashed). */
export async function setPasswordWithLink(db: Db, linkId: number, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await useLinkToken(tx, linkId, now))) throw linkRefused('used');
    await tx.update(users).set({ passwordHash, mustChangePassword: false, isActive: true }).where(eq(users.id, userId));
  });
}

/** What the form sends: the fields the shop's mail shows, with the visitor's language and address. */
export interface TradeRequestInput extends Omit<TradeRequestFields, 'id'> {
  locale: Locale;
  ip: string | null;
}

/** Stores the request and mails it to the shop; answers its id. */
export async function requestTradeAccount(db: Db, input: TradeRequestInput, { now, siteUrl, shopEmail }: { now: Date; siteUrl: string; shopEmail: string }): Promise<number> {
  const email = input.email.trim();
  const [user] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  if (user) throw shopError('Conflict', [emailTaken()], 'An account with this email address already exists.');
  const [pending] = await db
    .select({ id: tradeAccountRequests.id })
    .from(tradeAccountRequests)
    .where(and(sql`lower(${tradeAccountRequests.email}) = ${email.toLowerCase()}`, eq(tradeAccountRequests.status, 'pending')))
    .limit(1);
  if (pending) {
    const message = 'A trade account request from this email address is waiting for the shop.';
    throw shopError('Conflict', [{ field: 'email', code: SIGN_UP_FIELD_CODES.requestPending, message }], message);
  }
  const vatNumber = normalizeVatNumber(input.vatNumber);
  const stored = {
    companyName: input.companyName,
    vatNumber: /^\d{11}$/.test(vatNumber) ? `IT${vatNumber}` : vatNumber,
    sdiCode: input.sdiCode ? normalizeSdiCode(input.sdiCode) : null,
    pec: input.pec || null,
    contactName: input.contactName,
    email,
    phone: input.phone,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(tradeAccountRequests).values({ ...stored, locale: input.locale, ip: input.ip, createdAt: now }).returning({ id: tradeAccountRequests.id });
    const message = tradeAccountRequestMail({ to: shopEmail, request: { id: row!.id, ...stored }, siteUrl });
    await enqueueRenderedMail(tx, { kind: 'trade-account-request', refId: row!.id, locale: 'it', message, expiresAt: null }, now);
    return row!.id;
  });
}

export type TradeRequest = typeof tradeAccountRequests.$inferSelect;

export async function listTradeRequests(db: Db, status: TradeRequest['status'] | 'all' = 'pending'): Promise<TradeRequest[]> {
  return db
    .select()
    .from(tradeAccountRequests)
    .where(status === 'all' ? undefined : eq(tradeAccountRequests.status, status))
    .orderBy(desc(tradeAccountRequests.createdAt));
}

/**
 * Approves a pending request: the b2b customer (with its VAT number, SDI code or PEC) and its user
 * are created, and the requester is mailed a set-password link. The user is active with a password
 * nobody knows (`placeholderHash`), so "forgot password" still works once the link has expired.
 */
export async function approveTradeRequest(
  db: Db,
  id: number,
  { now, siteUrl, placeholderHash }: { now: Date; siteUrl: string; placeholderHash: string },
): Promise<{ customerId: number; userId: number; email: string }> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(tradeAccountRequests).where(eq(tradeAccountRequests.id, id)).for('update');
    if (!request) throw shopError('NotFound', [], `No trade account request ${id}.`);
    if (request.status !== 'pending') throw shopError('Conflict', [], `Request ${id} is ${request.status} already.`);
    const [taken] = await tx.select({ id: users.id }).from(users).where(byEmail(request.email)).limit(1);
    if (taken) throw shopError('Conflict', [emailTaken()], `An account with ${request.email} exists already.`);
    const [firstName, ...rest] = request.contactName.split(/\s+/);
    const customerId = await insertCustomer(tx, {
      kind: 'b2b', businessName: request.companyName, firstName: firstName ?? '', lastName: rest.join(' '), vatNumber: request.vatNumber,
      sdiCode: request.sdiCode, pec: request.pec, email: request.email, phone: request.phone, isActive: true,
    });
    const locale = (request.locale === 'en' || request.locale === 'es' ? request.locale : 'it') as Locale;
    const [user] = await tx
      .insert(users)
      .values({ email: request.email, passwordHash: placeholderHash, firstName: firstName ?? '', lastName: rest.join(' '), customerId, locale, isActive: true })
      .returning({ id: users.id });
    await tx.update(tradeAccountRequests).set({ status: 'approved', customerId, userId: user!.id, decidedAt: now }).where(eq(tradeAccountRequests.id, id));
    const { token, expiresAt, id: linkId } = await issueLinkToken(tx, user!.id, 'set_password', now);
    const message = tradeAccountApprovedMail({
      to: request.email, contactName: request.contactName, company: request.companyName, locale, token, siteUrl, days: LINK_TTL_MS.set_password / 86_400_000,
    });
    await enqueueRenderedMail(tx, { kind: 'trade-account-approved', refId: linkId, locale, message, expiresAt }, now);
    return { customerId, userId: user!.id, email: request.email };
  });
}

/** A password hash nobody knows the password of (accounts that get theirs through a link). */
export const placeholderPasswordHash = () => hashPassword(randomBytes(32).toString('base64url'));

export async function accountById(db: Db, id: number) {
  const [user] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return user;
}
