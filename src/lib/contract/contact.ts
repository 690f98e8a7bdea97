// POST contact/: the contact form.
import * as v from 'valibot';
import { CONTACT_MESSAGE_MAX } from './constants';

// Optional texts: absent, null or blank all mean "not given".
const optionalText = (max: number, message: string) =>
  v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(max, message)));

const requiredText = (max: number, required: string, tooLong: string) =>
  v.optional(v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong)), '');

export { CONTACT_MESSAGE_MAX } from './constants';
const PRIVACY_REQUIRED = 'Please accept the privacy policy.';

export const ContactBodySchema = v.strictObject({
  name: requiredText(120, 'Enter your name.', 'The name is too long.'),
  email: v.optional(
    v.pipe(v.string('Enter your email address.'), v.trim(), v.nonEmpty('Enter your email address.'), v.maxLength(254, 'The email address is too long.'), v.email('Enter a valid email address.')),
    '',
  ),
  phone: optionalText(40, 'The phone number is too long.'),
  company: optionalText(160, 'The company name is too long.'),
  // One line: it becomes part of the mail subject.
  subject: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(200, 'The subject is too long.'), v.regex(/^[^\r\n]*$/, 'The subject must be one line.'))),
  message: requiredText(CONTACT_MESSAGE_MAX, 'Enter your message.', `The message can be at most ${CONTACT_MESSAGE_MAX} characters.`),
  // Absent or false both ask for the consent (the form cannot be sent without it).
  privacy_consent: v.optional(v.pipe(v.boolean(PRIVACY_REQUIRED), v.check((given) => given, PRIVACY_REQUIRED)), false),
  recaptcha_token: v.nullish(v.pipe(v.string(), v.maxLength(4000, 'The bot check token is too long.'))),
});
export type ContactBody = v.InferOutput<typeof ContactBodySchema>;

export const ContactAnswerSchema = v.object({ detail: v.string(), id: v.number() });
export type ContactAnswer = v.InferOutput<typeof ContactAnswerSchema>;
