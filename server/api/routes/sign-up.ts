// Becoming a customer (ADR 0025): consumer sign-up and its confirmation link, trade account
// requests and the password link of an approved one. Throttled like the other auth forms.
import { PASSWORD_ISSUE_MESSAGES, passwordIssues } from '../../../src/lib/rules/password';
import { SIGN_UP_FIELD_CODES } from '../../../src/lib/contract/sign-up-codes';
import { eInvoicingIssue, sdiCodeIssue, TRADE_ACCOUNT_MESSAGES, vatNumberIssue } from '../../../src/lib/rules/trade-account';
import type { ErrorItem } from '../../../src/lib/contract/common';
import { countCall, countFailure, failuresUsedUp, LINK_FAILURES, SIGN_UPS_PER_ADDRESS, SIGN_UPS_PER_EMAIL } from '../../auth/attempt-limits';
import { hashPassword } from '../../auth/passwords';
import { revokeAllTokens } from '../../auth/tokens';
import { ShopError } from '../../shop-errors';
import { accountById, confirmEmail, registerConsumer, requestTradeAccount, setPasswordWithLink, validLink } from '../../users/sign-up';
import { clientAddress } from '../client-address';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { defineHandlers } from '../operation-routes';
import { refuseWhile } from '../throttle';
import type { Context } from 'hono';

async function throttleSignUp(c: Context<ApiEnv>, kind: string, email: string) {
  const { db, now } = c.get('deps');
  const address = clientAddress(c);
  refuseWhile(c, await countCall(db, [`${kind}:ip:${address}`], SIGN_UPS_PER_ADDRESS, now()));
  refuseWhile(c, await countCall(db, [`${kind}:email:${email.trim().toLowerCase().slice(0, 320)}`], SIGN_UPS_PER_EMAIL, now()));
}

function assertPolicy(password: string, personal: (string | null)[]) {
  const issues = passwordIssues(password, { personal });
  if (issues.length) throw apiError('InvalidPassword', issues.map((code) => ({ field: 'password', code, message: PASSWORD_ISSUE_MESSAGES[code] })));
}

/** Link checks: refused once an address has had many bad links; a bad link counts against it. */
async function withLinkThrottle<T>(c: Context<ApiEnv>, run: () => Promise<T>): Promise<T> {
  const { db, now } = c.get('deps');
  const keys = [`link:ip:${clientAddress(c)}`];
  refuseWhile(c, await failuresUsedUp(db, keys, LINK_FAILURES, now()));
  try {
    return await run();
  } catch (error) {
    if (error instanceof ShopError && error.errorList.some((e) => e.field === 'token')) await countFailure(db, keys, LINK_FAILURES, now());
    throw error;
  }
}

export const signUpHandlers = defineHandlers({
  registerCustomer: async (c, { body }) => {
    const { db, now, wakeMail, publicSiteUrl } = c.get('deps');
    await throttleSignUp(c, 'signup', body.email);
    assertPolicy(body.password, [body.email, body.first_name, body.last_name]);
    await registerConsumer(
      db,
      { firstName: body.first_name, lastName: body.last_name, email: body.email, passwordHash: await hashPassword(body.password), locale: c.get('locale') },
      { now: now(), siteUrl: publicSiteUrl },
    );
    wakeMail();
    return { detail: 'We have sent you a link to confirm your email address.' };
  },

  confirmEmail: async (c, { body }) => {
    const { db, now } = c.get('deps');
    const username = await withLinkThrottle(c, () => confirmEmail(db, body.token, now()));
    return { detail: 'Email address confirmed.', username };
  },

  requestTradeAccount: async (c, { body }) => {
    const { db, now, wakeMail, publicSiteUrl, shopEmail } = c.get('deps');
    await throttleSignUp(c, 'trade', body.email);
    const issues: ErrorItem[] = [];
    const vat = vatNumberIssue(body.vat_number);
    if (vat) issues.push({ field: 'vat_number', code: vat === 'format' ? SIGN_UP_FIELD_CODES.vatFormat : SIGN_UP_FIELD_CODES.vatCheckDigit, message: TRADE_ACCOUNT_MESSAGES[vat] });
    if (body.sdi_code && sdiCodeIssue(body.sdi_code)) issues.push({ field: 'sdi_code', code: SIGN_UP_FIELD_CODES.sdiFormat, message: TRADE_ACCOUNT_MESSAGES.sdiFormat });
    if (!vat && eInvoicingIssue(body.vat_number, body.sdi_code, body.pec)) {
      issues.push({ field: 'sdi_code', code: SIGN_UP_FIELD_CODES.sdiOrPecRequired, message: TRADE_ACCOUNT_MESSAGES.sdiOrPecRequired });
    }
    if (issues.length) throw apiError('ValidationFailed', issues);
    await requestTradeAccount(
      db,
      {
        companyName: body.company_name, vatNumber: body.vat_number, sdiCode: body.sdi_code || null, pec: body.pec || null, contactName: body.contact_name,
        email: body.email, phone: body.phone, locale: c.get('locale'), ip: clientAddress(c),
      },
      { now: now(), siteUrl: publicSiteUrl, shopEmail },
    );
    wakeMail();
    return { detail: 'Your request has been sent. We will email you once it is approved.' };
  },

  setPasswordWithLink: async (c, { body }) => {
    const { db, now } = c.get('deps');
    const link = await withLinkThrottle(c, () => validLink(db, body.token, 'set_password', now()));
    const user = await accountById(db, link.userId);
    assertPolicy(body.password, [user?.email ?? null, user?.firstName ?? null, user?.lastName ?? null]);
    await withLinkThrottle(c, async () => setPasswordWithLink(db, link.id, link.userId, await hashPassword(body.password), now()));
    await revokeAllTokens(db, link.userId);
    return { detail: 'Password changed.' };
  },
});
