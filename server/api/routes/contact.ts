// The contact form (spec: requires privacy consent; bot check when switched on): stored, and
// mailed to the shop through the outbox.
import { verifyRecaptcha } from '../../contact/bot-check';
import { CONTACT_MESSAGES, countCall } from '../../auth/attempt-limits';
import { contactLimitKeys, storeContactMessage } from '../../contact/contact-messages';
import { isOn, readSettings } from '../../settings';
import { apiError } from '../errors';
import { clientAddress } from '../client-address';
import { defineHandlers } from '../operation-routes';
import { refuseWhile } from '../throttle';

export const contactHandlers = defineHandlers({
  sendContactMessage: async (c, { body }) => {
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
    return { detail: 'Message sent.', id };
  },
});
