// Becoming a customer (ADR 0025): a consumer signs up and confirms the mail address with a link;
// a business asks for a trade account, which the shop owner approves; the approval mails a link
// to set the password. Messages are the spec's style (section 5); the storefront picks its own
// text by `error_list[].code`.
import * as v from 'valibot';

const PRIVACY_REQUIRED = 'Please accept the privacy policy.';

const requiredText = (max: number, required: string, tooLong: string) =>
  v.optional(v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong)), '');
const optionalText = (max: number, tooLong: string) => v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong)));
const Email = v.optional(
  v.pipe(v.string('Enter your email address.'), v.trim(), v.nonEmpty('Enter your email address.'), v.maxLength(254, 'The email address is too long.'), v.email('Enter a valid email address.')),
  '',
);
const NewPassword = v.optional(v.pipe(v.string('Enter the password.'), v.nonEmpty('Enter the password.'), v.maxLength(256, 'The password is too long.')), '');
// Absent or false both ask for the consent.
const PrivacyConsent = v.optional(v.pipe(v.boolean(PRIVACY_REQUIRED), v.check((given) => given, PRIVACY_REQUIRED)), false);
const LinkToken = v.pipe(v.string('The link is not complete.'), v.trim(), v.nonEmpty('The link is not complete.'), v.maxLength(200, 'The link is not valid.'));

/** POST auth/register/: a consumer's sign-up. */
export const RegisterBodySchema = v.strictObject({
  first_name: requiredText(80, 'Enter your first name.', 'The first name is too long.'),
  last_name: requiredText(80, 'Enter your last name.', 'The last name is too long.'),
  email: Email,
  password: NewPassword,
  privacy_consent: PrivacyConsent,
});
export type RegisterBody = v.InferOutput<typeof RegisterBodySchema>;

/** The answer of a sign-up or a trade account request: what happens next. */
export const SignUpAnswerSchema = v.object({ detail: v.string() });
export type SignUpAnswer = v.InferOutput<typeof SignUpAnswerSchema>;

/** POST auth/confirm-email/: the token of the mailed link. */
export const ConfirmEmailBodySchema = v.strictObject({ token: LinkToken });
/** The confirmed address, to fill in the sign-in form. */
export const EmailConfirmedSchema = v.object({ detail: v.string(), username: v.string() });
export type EmailConfirmed = v.InferOutput<typeof EmailConfirmedSchema>;

/** POST auth/set-password/: the first password of an approved trade account. */
export const SetPasswordBodySchema = v.strictObject({ token: LinkToken, password: NewPassword });

/** POST auth/trade-account/: a business asks for a trade account. */
export const TradeAccountBodySchema = v.strictObject({
  company_name: requiredText(160, 'Enter the company name.', 'The company name is too long.'),
  vat_number: requiredText(20, 'Enter the VAT number.', 'The VAT number is too long.'),
  sdi_code: optionalText(7, 'The SDI recipient code has 7 letters or digits.'),
  pec: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(254, 'The PEC address is too long.'), v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'Enter a valid PEC address.'))),
  contact_name: requiredText(120, 'Enter the name of the contact person.', 'The name is too long.'),
  email: Email,
  phone: requiredText(40, 'Enter a phone number.', 'The phone number is too long.'),
  privacy_consent: PrivacyConsent,
});
export type TradeAccountBody = v.InferOutput<typeof TradeAccountBodySchema>;

export { SIGN_UP_FIELD_CODES } from './sign-up-codes';
