// The signed-in user's profile (read-only here) and the password change of the details page
// (spec sections 5 and 7: POST auth/password-change/ {username, old_password, password}).
import { call } from '../api/call';
import type { ShopUser } from '../contract/users';
import { failureMessageKey, fieldMessageKey, PASSWORD_CODE_MESSAGES } from '../errors/api-messages';
import { passwordIssues } from '../rules/password';
import { $session, checkSession, sessionClient } from './session';

/** Refreshes the user from auth/is-authenticated/, then reads its full record (users/{id}/). */
export async function loadProfile(): Promise<{ ok: true; user: ShopUser } | { ok: false; error: string }> {
  await checkSession();
  const id = $session.get().user?.id;
  if (!id) return { ok: false, error: 'errors.notAuthenticated' };
  const result = await call(sessionClient(), 'getUser', { params: { id } });
  return result.ok ? { ok: true, user: result.data } : { ok: false, error: failureMessageKey('customers', result.error) };
}

export interface PasswordChangeInput {
  current: string;
  password: string;
  repeat: string;
}

export type PasswordChangeField = keyof PasswordChangeInput;
/** Per field: `validation.*` message keys. */
export type PasswordChangeErrors = Partial<Record<PasswordChangeField, string[]>>;

/** The checks of spec section 5 before anything is sent. */
export function checkPasswordChange(input: PasswordChangeInput, personal: (string | null | undefined)[]): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!input.current) errors.current = ['validation.required'];
  if (!input.password) errors.password = ['validation.required'];
  else {
    const issues = passwordIssues(input.password, { personal });
    if (issues.length > 0) errors.password = issues.map((i) => PASSWORD_CODE_MESSAGES[i]);
  }
  if (!input.repeat) errors.repeat = ['validation.required'];
  else if (input.password !== input.repeat) errors.repeat = ['validation.passwordsMustMatch'];
  return errors;
}

export type PasswordChangeOutcome = { ok: true } | { ok: false; errors: PasswordChangeErrors; failure: string | null };

export async function changePassword(input: PasswordChangeInput): Promise<PasswordChangeOutcome> {
  const user = $session.get().user;
  if (!user) return { ok: false, errors: {}, failure: 'errors.notAuthenticated' };
  const errors = checkPasswordChange(input, [user.email, user.first_name, user.last_name]);
  if (Object.keys(errors).length > 0) return { ok: false, errors, failure: null };
  const result = await call(sessionClient(), 'changePassword', { body: { username: user.email, old_password: input.current, password: input.password } });
  if (result.ok) return { ok: true };
  const apiErrors: PasswordChangeErrors = {};
  if (result.error.status === 400) {
    for (const item of result.error.errorList) {
      const field: PasswordChangeField | null = item.field === 'old_password' ? 'current' : item.field === 'password' ? 'password' : null;
      if (field) apiErrors[field] = [...(apiErrors[field] ?? []), item.field === 'old_password' ? 'errors.invalidPassword' : (fieldMessageKey(item) ?? 'errors.invalidPassword')];
    }
  }
  return { ok: false, errors: apiErrors, failure: Object.keys(apiErrors).length > 0 ? null : failureMessageKey('passwordChange', result.error) };
}
