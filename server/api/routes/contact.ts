// The contact form (spec: requires privacy consent; bot check when switched on): stored, and
// mailed to the shop through the outbox.
import { Hono } from 'hono';
import { ContactBodySchema, type ContactAnswer } from '../../../src/lib/contract/contact';
import { verifyRecaptcha } from '../../contact/bot-check';
import { CONTACT_MESSAGES, countCall } from '../../auth/attempt-limits';
import { contactLimitKeys, storeContactMessage } from '../../contact/contact-messages';
import { isOn, readSettings } from '../../settings';
import { readBody } from '../body';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { clientAddress } from '../client-address';
import { refuseWhile } from '../throttle';

export const contactRoutes = new Hono<ApiEnv>({ strict: false });


contactRoutes.post('/', async (c) => {
  const body = await readBody(c, ContactBodySchema);
  const { db, now, fetch, wakeMail, shopEmail } = c.get('deps');
  const ip = clientAddress(c);
  // Counted before anything else, so refused and failed attempts count too.
  refuseWhile(c, await countCall(db, contactLimitKeys(body.email, ip), CONTACT_MESSAGES, now()), 'Too many messages, try again later.');
  const settings = await readSettings(db, ['RECAPTCHA_ENABLED', 'GOOGLE_RECAPTCHA_SECRET_KEY']);
  if (isOn(settings.RECAPTCHA_ENABLED)) {
    if (!body.recaptcha_token) {
      throw apiError('ValidationFailed', [{ field: 'recaptcha_token', code: 'required', message: 'Complete the bot check.' }]);
    }
    if (!(await verifyRecaptcha(fetch, settings.GOOGLE_RECAPTCHA_SECRET_KEY ?? '', body.recaptcha_token, ip === 'local' ? undefined : ip))) {
      throw apiError('ValidationFailed', [{ field: 'recaptcha_token', code: 'invalid', message: 'The bot check failed, try again.' }]);
    }
  }
  const locale = c.get('locale');
  const receivedAt = now();
  const fields = { name: body.name, email: body.email, phone: body.phone || null, company: body.company || null, subject: body.subject ?? '', message: body.message };
  // Stored with its mail in the outbox: the worker delivers it, retrying while SMTP is down.
  const id = await storeContactMessage(db, { ...fields, locale, privacyConsent: true, ip, createdAt: receivedAt }, shopEmail);
  wakeMail();
  const answer: ContactAnswer = { detail: 'Message sent.', id };
  return c.json(answer, 201);
});
