// The contact form: client-side checks with the spec's messages (section 5, consent required),
// then POST contact/. The state says what the island shows; the island only renders it.
import { atom } from 'nanostores';
import * as v from 'valibot';
import { call } from '../api/call';
import { createClient } from '../api/client';
import type { ErrorItem } from '../contract/common';
import type { ContactBody } from '../contract/contact';
import { CONTACT_MESSAGE_MAX } from '../contract/constants';
import type { Locale } from '../i18n/locales';
import { hasInvalidCharacters, INVALID_CHARACTERS_CODE } from '../rules/text';

export const CONTACT_TEXT_FIELDS = ['name', 'email', 'phone', 'company', 'subject', 'message'] as const;
export type ContactTextField = (typeof CONTACT_TEXT_FIELDS)[number];
/** Every field in the order of the form (the first with an error gets the focus). */
export const CONTACT_FIELDS = [...CONTACT_TEXT_FIELDS, 'privacy_consent'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_LIMITS: Record<ContactTextField, number> = {
  name: 120, email: 254, phone: 40, company: 160, subject: 200, message: CONTACT_MESSAGE_MAX,
};
export const CONTACT_REQUIRED: readonly ContactField[] = ['name', 'email', 'message', 'privacy_consent'];

export type ContactErrorCode = 'required' | 'email' | 'maxLength' | 'privacy' | 'invalid' | 'invalidCharacters' | 'botCheck';
export interface ContactFieldError {
  code: ContactErrorCode;
  /** For maxLength. */
  max?: number;
}
export type ContactErrors = Partial<Record<ContactField, ContactFieldError>>;
/** Why a send failed, beside any field errors. */
export type ContactFailure = 'fields' | 'tooMany' | 'network' | 'botCheck' | 'send';

export interface ContactInput {
  name: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  message: string;
  privacy_consent: boolean;
}

export interface ContactFormState {
  status: 'editing' | 'sending' | 'sent';
  errors: ContactErrors;
  failure: ContactFailure | null;
  /** Counts submissions, so the island moves the focus once per attempt. */
  attempt: number;
}

const INITIAL: ContactFormState = { status: 'editing', errors: {}, failure: null, attempt: 0 };
export const $contactForm = atom<ContactFormState>(INITIAL);

// Messages are error codes here; the island turns them into the visitor's language.
// The API refuses text it cannot store (NUL, broken Unicode); the form says so first.
const storable = v.check((text: string) => !hasInvalidCharacters(text), 'invalidCharacters');
const required = (field: ContactTextField) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(CONTACT_LIMITS[field], 'maxLength'), storable);
const optional = (field: ContactTextField) => v.pipe(v.string(), v.trim(), v.maxLength(CONTACT_LIMITS[field], 'maxLength'), storable);

const ContactFormSchema = v.object({
  name: required('name'),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(CONTACT_LIMITS.email, 'maxLength'), v.email('email')),
  phone: optional('phone'),
  company: optional('company'),
  subject: v.pipe(optional('subject'), v.regex(/^[^\r\n]*$/, 'invalid')),
  message: required('message'),
  privacy_consent: v.pipe(v.boolean(), v.check((given) => given, 'privacy')),
});

const isField = (name: string | null | undefined): name is ContactField => (CONTACT_FIELDS as readonly string[]).includes(name ?? '');
const fieldError = (field: ContactField, code: ContactErrorCode): ContactFieldError =>
  code === 'maxLength' && field !== 'privacy_consent' ? { code, max: CONTACT_LIMITS[field] } : { code };

/** The request body, or the first error of each field. */
export function validateContact(input: ContactInput): { ok: true; body: ContactBody } | { ok: false; errors: ContactErrors } {
  const result = v.safeParse(ContactFormSchema, input);
  if (result.success) {
    const { phone, company, subject, ...rest } = result.output;
    return { ok: true, body: { ...rest, phone: phone || null, company: company || null, subject: subject || null, privacy_consent: true } };
  }
  const errors: ContactErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field === 'string' && isField(field) && !errors[field]) errors[field] = fieldError(field, issue.message as ContactErrorCode);
  }
  return { ok: false, errors };
}

/** The API's per-field errors (valibot issue types) as the form's codes. */
export function errorsFromApi(list: readonly ErrorItem[]): ContactErrors {
  const codes: Record<string, ContactErrorCode> = {
    non_empty: 'required', string: 'required', required: 'required', max_length: 'maxLength', email: 'email', check: 'privacy', boolean: 'privacy',
    [INVALID_CHARACTERS_CODE]: 'invalidCharacters',
  };
  const errors: ContactErrors = {};
  for (const item of list) {
    if (!isField(item.field) || errors[item.field]) continue;
    const code = item.field === 'privacy_consent' ? 'privacy' : (codes[item.code] ?? 'invalid');
    errors[item.field] = fieldError(item.field, code);
  }
  return errors;
}

export interface SubmitOptions {
  locale: Locale;
  /** The bot-check token when the shop has the check on; rejects when it cannot be had. */
  botToken?: () => Promise<string>;
}

/** Checks the form and sends it; never throws. Answers the state it ends in. */
export async function submitContact(input: ContactInput, options: SubmitOptions): Promise<ContactFormState> {
  const attempt = $contactForm.get().attempt + 1;
  const finish = (state: Omit<ContactFormState, 'attempt'>) => {
    $contactForm.set({ ...state, attempt });
    return $contactForm.get();
  };
  if ($contactForm.get().status === 'sending') return $contactForm.get();
  const checked = validateContact(input);
  if (!checked.ok) return finish({ status: 'editing', errors: checked.errors, failure: null });

  $contactForm.set({ status: 'sending', errors: {}, failure: null, attempt: attempt - 1 });
  let body: ContactBody = checked.body;
  if (options.botToken) {
    try {
      body = { ...body, recaptcha_token: await options.botToken() };
    } catch {
      return finish({ status: 'editing', errors: {}, failure: 'botCheck' });
    }
  }
  const result = await call(createClient({ locale: options.locale }), 'sendContactMessage', { body });
  if (result.ok) return finish({ status: 'sent', errors: {}, failure: null });

  const { status, errorList } = result.error;
  if (status === 400) {
    if (errorList.some((e) => e.field === 'recaptcha_token')) return finish({ status: 'editing', errors: {}, failure: 'botCheck' });
    const errors = errorsFromApi(errorList);
    return finish({ status: 'editing', errors, failure: Object.keys(errors).length > 0 ? 'fields' : 'send' });
  }
  return finish({ status: 'editing', errors: {}, failure: status === 429 ? 'tooMany' : status === 0 ? 'network' : 'send' });
}

/** Back to an empty form (after a message was sent, to write another). */
export function resetContactForm(): void {
  $contactForm.set({ ...INITIAL, attempt: $contactForm.get().attempt });
}

/** A field was changed: its error no longer applies. */
export function clearContactError(field: ContactField): void {
  const state = $contactForm.get();
  if (!state.errors[field]) return;
  const { [field]: _cleared, ...rest } = state.errors;
  $contactForm.set({ ...state, errors: rest });
}
