// The sign-up and trade account forms (ADR 0025): checks in the browser with the API's rules,
// the calls, and the API's field codes turned into the forms' message keys.
import { call } from '../api/call';
import { createClient } from '../api/client';
import type { ErrorItem } from '../contract/common';
import { SIGN_UP_FIELD_CODES } from '../contract/sign-up-codes';
import type { Locale } from '../i18n/locales';
import { passwordIssues } from '../rules/password';
import { eInvoicingIssue, sdiCodeIssue, vatNumberIssue } from '../rules/trade-account';

/** A field's error: a message key of the `signup.errors` area (or `auth.password.rules`), and its value. */
export interface FieldError {
  key: string;
  max?: number;
}
export type FormErrors<F extends string> = Partial<Record<F, FieldError>>;
/** Why a send failed, beside field errors. */
export type FormFailure = 'fields' | 'tooMany' | 'network' | 'send';

export type FormResult<F extends string, T> = { ok: true; data: T } | { ok: false; errors: FormErrors<F>; failure: FormFailure | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const err = (key: string, max?: number): FieldError => (max === undefined ? { key: `signup.errors.${key}` } : { key: `signup.errors.${key}`, max });

function text(errors: Record<string, FieldError>, field: string, value: string, max: number, required = true) {
  const v = value.trim();
  if (required && !v) errors[field] = err('required');
  else if (v.length > max) errors[field] = err('maxLength', max);
}

const CODE_KEYS: Record<string, string> = {
  [SIGN_UP_FIELD_CODES.emailTaken]: 'emailTaken',
  [SIGN_UP_FIELD_CODES.requestPending]: 'requestPending',
  [SIGN_UP_FIELD_CODES.vatFormat]: 'vatFormat',
  [SIGN_UP_FIELD_CODES.vatCheckDigit]: 'vatCheckDigit',
  [SIGN_UP_FIELD_CODES.sdiFormat]: 'sdiFormat',
  [SIGN_UP_FIELD_CODES.sdiOrPecRequired]: 'sdiOrPecRequired',
  [SIGN_UP_FIELD_CODES.linkExpired]: 'linkExpired',
  [SIGN_UP_FIELD_CODES.linkUsed]: 'linkUsed',
  [SIGN_UP_FIELD_CODES.linkInvalid]: 'linkInvalid',
  non_empty: 'required', string: 'required', required: 'required', email: 'email', max_length: 'maxLength', check: 'invalid', boolean: 'privacy',
};

/** The API's per-field errors as message keys (the first per field). */
export function errorsFromApi<F extends string>(list: readonly ErrorItem[], fields: readonly F[]): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const item of list) {
    const field = item.field as F;
    if (!fields.includes(field) || errors[field]) continue;
    if (field === ('password' as F)) errors[field] = { key: `validation.${item.code}` };
    else if (field === ('privacy_consent' as F)) errors[field] = err('privacy');
    else if (field === ('pec' as F) && item.code === 'check') errors[field] = err('pec');
    else errors[field] = err(CODE_KEYS[item.code] ?? 'invalid');
  }
  return errors;
}

async function send<F extends string, T>(
  fields: readonly F[],
  run: () => ReturnType<typeof call>,
): Promise<FormResult<F, T>> {
  const result = await run();
  if (result.ok) return { ok: true, data: result.data as T };
  const { status, errorList } = result.error;
  if (status === 400 || status === 409) {
    const errors = errorsFromApi(errorList, fields);
    return { ok: false, errors, failure: Object.keys(errors).length ? 'fields' : 'send' };
  }
  return { ok: false, errors: {}, failure: status === 429 ? 'tooMany' : status === 0 ? 'network' : 'send' };
}

export const REGISTER_FIELDS = ['first_name', 'last_name', 'email', 'password', 'repeat', 'privacy_consent'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];
export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  repeat: string;
  privacy_consent: boolean;
}

export function checkRegister(input: RegisterInput): FormErrors<RegisterField> {
  const errors: Record<string, FieldError> = {};
  text(errors, 'first_name', input.first_name, 80);
  text(errors, 'last_name', input.last_name, 80);
  text(errors, 'email', input.email, 254);
  if (!errors.email && !EMAIL.test(input.email.trim())) errors.email = err('email');
  const issues = passwordIssues(input.password, { personal: [input.email, input.first_name, input.last_name] });
  if (!input.password) errors.password = err('required');
  else if (issues.length) errors.password = { key: `validation.${issues[0]}` };
  if (input.password && input.repeat !== input.password) errors.repeat = err('passwordsMustMatch');
  if (!input.privacy_consent) errors.privacy_consent = err('privacy');
  return errors as FormErrors<RegisterField>;
}

export async function submitRegister(input: RegisterInput, locale: Locale): Promise<FormResult<RegisterField, { detail: string }>> {
  const errors = checkRegister(input);
  if (Object.keys(errors).length) return { ok: false, errors, failure: null };
  const { repeat: _repeat, ...rest } = input;
  const body = { ...rest, first_name: rest.first_name.trim(), last_name: rest.last_name.trim(), email: rest.email.trim() };
  return send(REGISTER_FIELDS, () => call(createClient({ locale }), 'registerCustomer', { body }));
}

export const TRADE_FIELDS = ['company_name', 'vat_number', 'sdi_code', 'pec', 'contact_name', 'email', 'phone', 'privacy_consent'] as const;
export type TradeField = (typeof TRADE_FIELDS)[number];
export type TradeInput = Record<Exclude<TradeField, 'privacy_consent'>, string> & { privacy_consent: boolean };

export function checkTrade(input: TradeInput): FormErrors<TradeField> {
  const errors: Record<string, FieldError> = {};
  text(errors, 'company_name', input.company_name, 160);
  text(errors, 'vat_number', input.vat_number, 20);
  const vat = errors.vat_number ? null : vatNumberIssue(input.vat_number);
  if (vat) errors.vat_number = err(vat === 'format' ? 'vatFormat' : 'vatCheckDigit');
  if (input.sdi_code.trim() && sdiCodeIssue(input.sdi_code)) errors.sdi_code = err('sdiFormat');
  if (input.pec.trim() && !EMAIL.test(input.pec.trim())) errors.pec = err('pec');
  if (!errors.vat_number && !errors.sdi_code && eInvoicingIssue(input.vat_number, input.sdi_code, input.pec)) errors.sdi_code = err('sdiOrPecRequired');
  text(errors, 'contact_name', input.contact_name, 120);
  text(errors, 'email', input.email, 254);
  if (!errors.email && !EMAIL.test(input.email.trim())) errors.email = err('email');
  text(errors, 'phone', input.phone, 40);
  if (!input.privacy_consent) errors.privacy_consent = err('privacy');
  return errors as FormErrors<TradeField>;
}

export async function submitTrade(input: TradeInput, locale: Locale): Promise<FormResult<TradeField, { detail: string }>> {
  const errors = checkTrade(input);
  if (Object.keys(errors).length) return { ok: false, errors, failure: null };
  const body = {
    company_name: input.company_name.trim(), vat_number: input.vat_number.trim(), sdi_code: input.sdi_code.trim() || null, pec: input.pec.trim() || null,
    contact_name: input.contact_name.trim(), email: input.email.trim(), phone: input.phone.trim(), privacy_consent: input.privacy_consent,
  };
  return send(TRADE_FIELDS, () => call(createClient({ locale }), 'requestTradeAccount', { body }));
}

export const LINK_FIELDS = ['token', 'password', 'repeat'] as const;
export type LinkField = (typeof LINK_FIELDS)[number];

export const confirmEmailLink = (token: string, locale: Locale) =>
  send<LinkField, { detail: string; username: string }>(LINK_FIELDS, () => call(createClient({ locale }), 'confirmEmail', { body: { token } }));

export function checkNewPassword(password: string, repeat: string): FormErrors<LinkField> {
  const errors: FormErrors<LinkField> = {};
  const issues = passwordIssues(password);
  if (!password) errors.password = err('required');
  else if (issues.length) errors.password = { key: `validation.${issues[0]}` };
  if (password && repeat !== password) errors.repeat = err('passwordsMustMatch');
  return errors;
}

export async function setPasswordWithLink(token: string, password: string, repeat: string, locale: Locale): Promise<FormResult<LinkField, { detail: string }>> {
  const errors = checkNewPassword(password, repeat);
  if (Object.keys(errors).length) return { ok: false, errors, failure: null };
  return send(LINK_FIELDS, () => call(createClient({ locale }), 'setPasswordWithLink', { body: { token, password } }));
}
