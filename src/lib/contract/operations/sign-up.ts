// Schemas and documentation of the sign-up calls (../routes/sign-up.ts, ADR 0025).
import { PasswordChangedSchema } from '../auth';
import type { SchemasFor } from '../operation';
import type { signUpRoutes } from '../routes/sign-up';
import {
  ConfirmEmailBodySchema, EmailConfirmedSchema, RegisterBodySchema, SetPasswordBodySchema, SignUpAnswerSchema, TradeAccountBodySchema,
} from '../sign-up';

export const signUpOperations = {
  registerCustomer: {
    tag: 'Authentication',
    summary:
      'A consumer signs up (privacy consent required). The account stays inactive until the mail address is confirmed with the mailed link (48 hours, single use). At most 5 sign-ups per address and 3 per email in 15 minutes.',
    access: 'public', body: RegisterBodySchema, response: SignUpAnswerSchema,
    errors: { 400: 'invalid field or password (one entry per rule)', 409: 'Conflict: error_list code email_taken', 429: 'Too many attempts (Retry-After, seconds)' },
  },
  confirmEmail: {
    tag: 'Authentication', summary: 'Confirm the mail address of a sign-up with the token of the mailed link; the account can then sign in.', access: 'public',
    body: ConfirmEmailBodySchema, response: EmailConfirmedSchema,
    errors: { 400: 'error_list code link_expired, link_used or link_invalid', 429: 'Too many attempts' },
  },
  requestTradeAccount: {
    tag: 'Authentication',
    summary:
      'A business asks for a trade account (VAT number; for an Italian company the SDI recipient code or a PEC). Stored for the shop owner, who is mailed and approves it with npm run accounts:approve. Throttled like sign-up.',
    access: 'public', body: TradeAccountBodySchema, response: SignUpAnswerSchema,
    errors: { 400: 'invalid field (vat_format, vat_check_digit, sdi_format, sdi_or_pec_required…)', 409: 'Conflict: email_taken or request_pending', 429: 'Too many attempts' },
  },
  setPasswordWithLink: {
    tag: 'Authentication', summary: 'Set the first password of an approved trade account with the token of the mailed link (7 days, single use).', access: 'public',
    body: SetPasswordBodySchema, response: PasswordChangedSchema,
    errors: { 400: 'invalid password (one entry per rule), or link_expired, link_used, link_invalid', 429: 'Too many attempts' },
  },
} satisfies SchemasFor<typeof signUpRoutes>;
