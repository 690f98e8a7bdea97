// The `error_list[].code` values of the sign-up calls (ADR 0025), valibot-free for the browser.

/** `error_list[].code` values of these calls, beside the valibot issue types and the password rules. */
export const SIGN_UP_FIELD_CODES = {
  /** 409 Conflict, field `email`: an account with this address exists. */
  emailTaken: 'email_taken',
  /** 409 Conflict, field `email`: a trade account request from this address waits for the shop. */
  requestPending: 'request_pending',
  /** 400, field `token`: the link is older than its lifetime. */
  linkExpired: 'link_expired',
  /** 400, field `token`: the link was used already (or replaced by a newer one). */
  linkUsed: 'link_used',
  /** 400, field `token`: no such link. */
  linkInvalid: 'link_invalid',
  /** 400, field `vat_number`. */
  vatFormat: 'vat_format',
  vatCheckDigit: 'vat_check_digit',
  /** 400, field `sdi_code`. */
  sdiFormat: 'sdi_format',
  /** 400, field `sdi_code`: an Italian company gives the SDI code or the PEC. */
  sdiOrPecRequired: 'sdi_or_pec_required',
} as const;
