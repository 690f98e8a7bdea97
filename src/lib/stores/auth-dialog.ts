// The sign-in flow of spec section 4: one dialog whose state says which step is shown (enter
// user, enter password, forced password change, start reset, reset with the emailed code).
// Setting a state clears the error. The API calls are passed in as `deps` so the state machine
// is tested without a server; the islands only render this store and call the actions below.
import { map } from 'nanostores';
import { call, type CallInput } from '../api/call';
import { createClient } from '../api/client';
import type { ApiFailure, ApiResult } from '../api/result';
import type { LoginResponse } from '../contract/auth';
import { FIELD_CODES } from '../contract/error-codes';
import type { OperationBody, OperationResponse } from '../contract/operation-io';
import { failureMessageKey, fieldMessageKey, type FailureContext } from '../errors/api-messages';
import { afterSignInPath, safeNext } from '../route-guard';
import { passwordIssues } from '../rules/password';
import { customerSelectionEnforced } from './customer-selection';
import { $session, login, pageLocale } from './session';

export type AuthDialogState = 'none' | 'login-enter-user' | 'login-enter-ps' | 'force-ps-change' | 'start-ps-reset' | 'otp-ps-reset';
export type AuthField = 'username' | 'password' | 'newPassword' | 'repeatPassword' | 'otp';

/** The API refuses a new code within this time of the last one. */
export const RESEND_GAP_MS = 30_000;
const OTP_PATTERN = /^\d{6}$/;

export interface AuthDialog {
  state: AuthDialogState;
  username: string;
  /** Message key of the failure shown for the whole step (errors.*), or null. */
  error: string | null;
  /** Message keys per field (validation.*, errors.*, auth.*). */
  fieldErrors: Partial<Record<AuthField, string>>;
  /** Message key of a neutral notice (e.g. "code sent"). */
  notice: string | null;
  loading: boolean;
  /** When the reset code may be asked for again (ms since epoch), or null. */
  resendAt: number | null;
  /** Bumps on every submit, so the view moves the focus to the first error once per attempt. */
  attempt: number;
  /** The API asked for the bot check on this sign-in: the view shows its notice. */
  botCheck: boolean;
}

/** The calls the dialog makes besides signing in. */
export type PasswordCall = 'checkPasswordChange' | 'changePassword' | 'requestPasswordReset' | 'resetPasswordWithCode';

export interface AuthDeps {
  login: (username: string, password: string, botCheck?: string) => Promise<ApiResult<LoginResponse>>;
  /** One of the password calls, with its body. */
  send: <N extends PasswordCall>(name: N, body: OperationBody<N>) => Promise<ApiResult<OperationResponse<N>>>;
  /** Full page load to the page the visitor came for (spec: login success reloads the page). */
  navigate: (url: string) => void;
  /** The `?next=` of this page. */
  next: () => string | null;
  now: () => number;
  /** A bot-check answer (reCAPTCHA v3 token) when the shop has the check on, else absent. */
  botToken?: () => Promise<string>;
  /** CUSTOMER_SELECTION_ENFORCED: whether an agent goes to /customers first. */
  customerSelectionEnforced: () => Promise<boolean>;
}

const defaultDeps: AuthDeps = {
  login,
  send: (name, body) => call(createClient({ locale: pageLocale() }), name, { body } as CallInput<typeof name>),
  navigate: (url) => location.assign(url),
  next: () => new URLSearchParams(location.search).get('next'),
  now: Date.now,
  customerSelectionEnforced,
};
let deps: AuthDeps = defaultDeps;

/** Tests swap the calls; `null` restores the real ones. */
export function configureAuthDialog(overrides: Partial<AuthDeps> | null): void {
  deps = overrides ? { ...defaultDeps, ...overrides } : defaultDeps;
}

const initial = (): AuthDialog => ({ state: 'none', username: '', error: null, fieldErrors: {}, notice: null, loading: false, resendAt: null, attempt: 0, botCheck: false });

/** The page's bot check (the island sets it when the shop has one), or null. */
export function setSignInBotCheck(botToken: (() => Promise<string>) | null): void {
  if (botToken) deps = { ...deps, botToken };
  else {
    const { botToken: _, ...rest } = deps;
    deps = rest;
  }
}

/** The API's codes for "pass the bot check first" and "the bot check failed" (ADR 0011). */
const BOT_CHECK_CODES: readonly string[] = [FIELD_CODES.botCheckRequired, FIELD_CODES.botCheckFailed];
const botCheckCode = (error: ApiFailure) => (error.status === 403 ? error.errorList.find((e) => BOT_CHECK_CODES.includes(e.code))?.code : undefined);

function failedWith(error: string): false {
  $authDialog.set({ ...$authDialog.get(), loading: false, error, fieldErrors: {} });
  return false;
}
export const $authDialog = map<AuthDialog>(initial());

/**
 * The current password is kept outside the store (never rendered, never persisted): the forced
 * change needs it after the password step.
 */
let currentPassword = '';

/** Moves to a step; the error, field errors and notice of the previous step go away. */
export function setAuthState(state: AuthDialogState, patch: Partial<Pick<AuthDialog, 'username' | 'notice' | 'resendAt'>> = {}): void {
  if (state !== 'force-ps-change') currentPassword = '';
  $authDialog.set({ ...$authDialog.get(), notice: null, ...patch, state, error: null, fieldErrors: {}, loading: false });
}

export type AuthEntry = 'login' | 'reset' | 'otp';

/** Where a page starts the flow: sign-in (password step when a username is remembered), reset, or code entry. */
export function startAuthFlow(entry: AuthEntry, options: { username?: string | null } = {}): void {
  currentPassword = '';
  const username = (options.username ?? $session.get().username ?? '').trim();
  $authDialog.set({ ...initial(), username });
  if (entry === 'reset') setAuthState('start-ps-reset', { username });
  else if (entry === 'otp') setAuthState('otp-ps-reset', { username });
  else setAuthState(username ? 'login-enter-ps' : 'login-enter-user', { username });
}

export const clearAuthFieldError = (field: AuthField) => {
  const s = $authDialog.get();
  if (!s.fieldErrors[field] && !s.error) return;
  const { [field]: _, ...rest } = s.fieldErrors;
  $authDialog.set({ ...s, fieldErrors: rest });
};

function begin(): void {
  const s = $authDialog.get();
  $authDialog.set({ ...s, loading: true, error: null, fieldErrors: {}, notice: null, attempt: s.attempt + 1 });
}

function invalid(fieldErrors: Partial<Record<AuthField, string>>): false {
  const s = $authDialog.get();
  $authDialog.set({ ...s, fieldErrors, error: null, loading: false, attempt: s.attempt + 1 });
  return false;
}

function failed(context: FailureContext, error: ApiFailure, passwordField: AuthField = 'newPassword'): false {
  const s = $authDialog.get();
  // A 400 of the policy names the rule: show it on the new password field too.
  const policy = error.status === 400 ? error.errorList.find((e) => e.field === 'password') : undefined;
  const fieldErrors: Partial<Record<AuthField, string>> = {};
  if (policy) fieldErrors[passwordField] = fieldMessageKey(policy) ?? 'errors.invalidPassword';
  if (error.status === 400 && error.errorList.some((e) => e.field === 'old_password')) fieldErrors.password = 'auth.errors.currentPasswordWrong';
  $authDialog.set({ ...s, loading: false, error: failureMessageKey(context, error), fieldErrors });
  return false;
}

function usernameOf(value: string): string | null {
  const username = value.trim();
  return username ? username : null;
}

/** Policy and match of a new password, as message keys (empty when fine). */
export function newPasswordErrors(password: string, repeat: string, personal: (string | null | undefined)[] = []): Partial<Record<AuthField, string>> {
  const errors: Partial<Record<AuthField, string>> = {};
  if (!password) errors.newPassword = 'validation.required';
  else {
    const issue = passwordIssues(password, { personal })[0];
    if (issue) errors.newPassword = issue === 'minLength' ? 'auth.errors.minLength' : `validation.${issue}`;
  }
  if (!repeat) errors.repeatPassword = 'validation.required';
  else if (password && repeat !== password) errors.repeatPassword = 'validation.passwordsMustMatch';
  return errors;
}

/** Signs in and leaves for the page the visitor came for; true when it went through. */
async function signIn(username: string, password: string, context: FailureContext = 'login'): Promise<boolean> {
  let result = await deps.login(username, password);
  // After many failures for this username the API wants the bot check: pass it and try once more.
  if (!result.ok && botCheckCode(result.error)) {
    $authDialog.setKey('botCheck', true);
    if (!deps.botToken) return failedWith('auth.botCheck.unavailable');
    let answer: string;
    try {
      answer = await deps.botToken();
    } catch {
      return failedWith('auth.botCheck.failed');
    }
    result = await deps.login(username, password, answer);
    if (!result.ok && botCheckCode(result.error)) return failedWith('auth.botCheck.failed');
  }
  if (!result.ok) return failed(context, result.error, 'password');
  if (result.data.must_change_password) {
    currentPassword = password;
    setAuthState('force-ps-change', { username });
    return true;
  }
  $authDialog.set({ ...$authDialog.get(), loading: true });
  deps.navigate(await signedInTarget());
  return true;
}

/** ?next=, or /customers first for an agent who has not chosen a customer yet. */
async function signedInTarget(): Promise<string> {
  const { user, customer } = $session.get();
  if (user?.is_agent !== true || customer) return safeNext(deps.next());
  return afterSignInPath(deps.next(), { isAgent: true, hasCustomer: false, enforceCustomerSelection: await deps.customerSelectionEnforced() });
}

/** Step 1: the username. The forced-change check also tells whether the user exists. */
export async function submitUsername(value: string): Promise<boolean> {
  const username = usernameOf(value);
  if (!username) return invalid({ username: 'validation.required' });
  $authDialog.setKey('username', username);
  begin();
  const result = await deps.send('checkPasswordChange', { username });
  if (!result.ok) return failed('forceChangeCheck', result.error);
  setAuthState('login-enter-ps', { username, notice: result.data.must_change_password ? 'auth.notices.changeDue' : null });
  return true;
}

/** Step 2: the password; a forced change moves to its own step. */
export async function submitPassword(password: string): Promise<boolean> {
  const username = usernameOf($authDialog.get().username);
  if (!username) {
    setAuthState('login-enter-user');
    return false;
  }
  if (!password) return invalid({ password: 'validation.required' });
  begin();
  return signIn(username, password);
}

/** Forced change: POST auth/password-change/ with the password just used, then sign in with the new one. */
export async function submitForcedChange(password: string, repeat: string): Promise<boolean> {
  const { username } = $authDialog.get();
  if (!currentPassword) {
    // The page was left and the old password forgotten: ask for it again.
    setAuthState('login-enter-ps', { username });
    return false;
  }
  const errors = newPasswordErrors(password, repeat, [username]);
  if (!errors.newPassword && password === currentPassword) errors.newPassword = 'auth.errors.samePassword';
  if (Object.keys(errors).length) return invalid(errors);
  begin();
  const changed = await deps.send('changePassword', { username, old_password: currentPassword, password });
  if (!changed.ok) return failed('passwordChange', changed.error);
  currentPassword = '';
  return signIn(username, password);
}

/** Asks for a code by email (POST auth/password-reset/) and moves to the code step. */
export async function requestResetCode(value: string): Promise<boolean> {
  const username = usernameOf(value);
  if (!username) return invalid({ username: 'validation.required' });
  $authDialog.setKey('username', username);
  begin();
  const result = await deps.send('requestPasswordReset', { username });
  if (!result.ok) {
    if (result.error.status === 429) $authDialog.setKey('resendAt', deps.now() + RESEND_GAP_MS);
    return failed('passwordReset', result.error);
  }
  setAuthState('otp-ps-reset', { username, notice: 'auth.notices.codeSent', resendAt: deps.now() + RESEND_GAP_MS });
  return true;
}

/** Seconds until a new code may be asked for (0 when it may). */
export function resendWaitSeconds(s: Pick<AuthDialog, 'resendAt'>, now: number = deps.now()): number {
  return s.resendAt ? Math.max(0, Math.ceil((s.resendAt - now) / 1000)) : 0;
}

/** Sends a new code to the same address, at most once every 30 s. */
export async function resendResetCode(): Promise<boolean> {
  const s = $authDialog.get();
  const username = usernameOf(s.username);
  if (!username) return invalid({ username: 'validation.required' });
  if (resendWaitSeconds(s) > 0) {
    $authDialog.set({ ...s, error: 'auth.errors.resendTooSoon', attempt: s.attempt + 1 });
    return false;
  }
  begin();
  const result = await deps.send('requestPasswordReset', { username });
  if (!result.ok) {
    // The API refuses a resend within 30 s with 429: wait the full gap again.
    if (result.error.status === 429) $authDialog.setKey('resendAt', deps.now() + RESEND_GAP_MS);
    return failed('passwordReset', result.error);
  }
  $authDialog.set({ ...$authDialog.get(), loading: false, notice: 'auth.notices.codeResent', resendAt: deps.now() + RESEND_GAP_MS });
  return true;
}

/** The emailed code and the new password (POST auth/otp-password-change/), then sign in. */
export async function submitOtpChange(input: { username?: string; otp: string; password: string; repeat: string }): Promise<boolean> {
  const username = usernameOf(input.username ?? $authDialog.get().username);
  const otp = input.otp.replace(/\s+/g, '');
  const errors: Partial<Record<AuthField, string>> = {};
  if (!username) errors.username = 'validation.required';
  if (!otp) errors.otp = 'validation.required';
  else if (!OTP_PATTERN.test(otp)) errors.otp = 'auth.errors.otpFormat';
  Object.assign(errors, newPasswordErrors(input.password, input.repeat, [username]));
  if (Object.keys(errors).length) return invalid(errors);
  $authDialog.setKey('username', username!);
  begin();
  const result = await deps.send('resetPasswordWithCode', { username: username!, password: input.password, otp });
  if (!result.ok) {
    failed('otpChange', result.error);
    if (result.error.status === 401) $authDialog.setKey('fieldErrors', { ...$authDialog.get().fieldErrors, otp: 'errors.invalidOtp' });
    return false;
  }
  return signIn(username!, input.password);
}
