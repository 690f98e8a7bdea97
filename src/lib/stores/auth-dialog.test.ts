import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type ApiResult } from '../api/result';
import type { LoginResponse } from '../contract/auth';
import {
  $authDialog, RESEND_GAP_MS, clearAuthFieldError, configureAuthDialog, newPasswordErrors, requestResetCode, resendResetCode,
  resendWaitSeconds, setAuthState, startAuthFlow, submitForcedChange, submitOtpChange, submitPassword, submitUsername,
} from './auth-dialog';
import { $session } from './session';

const signedIn = (must = false): ApiResult<LoginResponse> =>
  ok({ token: 't', expiry: '2030-01-01T00:00:00Z', token_expire: '2030-01-01T00:00:00Z', must_change_password: must });

const login = vi.fn<(u: string, p: string, botCheck?: string) => Promise<ApiResult<LoginResponse>>>();
const send = vi.fn<(name: string, body: unknown) => Promise<ApiResult<unknown>>>();
const navigate = vi.fn<(url: string) => void>();
let next: string | null = null;
let clock = 1_000_000;

beforeEach(() => {
  login.mockReset();
  send.mockReset();
  navigate.mockReset();
  next = null;
  clock = 1_000_000;
  configureAuthDialog({ login, send: send as never, navigate, next: () => next, now: () => clock });
  startAuthFlow('login', { username: '' });
});

const state = () => $authDialog.get();

describe('states', () => {
  it('starts at the username step, or at the password step when a username is remembered', () => {
    expect(state().state).toBe('login-enter-user');
    startAuthFlow('login', { username: 'elena@ilglicine.example' });
    expect(state()).toMatchObject({ state: 'login-enter-ps', username: 'elena@ilglicine.example' });
    startAuthFlow('reset', { username: '' });
    expect(state().state).toBe('start-ps-reset');
    startAuthFlow('otp', { username: 'a@b.it' });
    expect(state()).toMatchObject({ state: 'otp-ps-reset', username: 'a@b.it' });
  });

  it('setting a state clears the error flag and field errors', () => {
    $authDialog.set({ ...state(), error: 'errors.userNotFound', fieldErrors: { username: 'validation.required' } });
    setAuthState('start-ps-reset');
    expect(state()).toMatchObject({ state: 'start-ps-reset', error: null, fieldErrors: {} });
  });

  it('clears one field error when the field changes', () => {
    $authDialog.set({ ...state(), fieldErrors: { username: 'validation.required', otp: 'x' } });
    clearAuthFieldError('username');
    expect(state().fieldErrors).toEqual({ otp: 'x' });
  });
});

describe('sign-in with the bot check (ADR 0011)', () => {
  const botAsked = (code = 'bot_check_required') => fail(403, 'Complete the bot check to continue.', [{ field: 'recaptcha_token', code, message: '…' }], 'BotCheckRequired');

  it('passes the bot check when the API asks for it and signs in with its answer', async () => {
    const botToken = vi.fn(async () => 'answer-1');
    configureAuthDialog({ login, send: send as never, navigate, next: () => next, now: () => clock, botToken });
    startAuthFlow('login', { username: 'b2b@example.com' });
    login.mockResolvedValueOnce(botAsked()).mockResolvedValueOnce(signedIn());
    expect(await submitPassword('Customer-2026!')).toBe(true);
    expect(login).toHaveBeenLastCalledWith('b2b@example.com', 'Customer-2026!', 'answer-1');
    expect(state().botCheck).toBe(true);
    expect(navigate).toHaveBeenCalled();
  });

  it('says so when the bot check fails, and when the page has none', async () => {
    configureAuthDialog({ login, send: send as never, navigate, next: () => next, now: () => clock, botToken: async () => 'x' });
    startAuthFlow('login', { username: 'b2b@example.com' });
    login.mockResolvedValue(botAsked('bot_check_failed'));
    expect(await submitPassword('Customer-2026!')).toBe(false);
    expect(state().error).toBe('auth.botCheck.failed');
    configureAuthDialog({ login, send: send as never, navigate, next: () => next, now: () => clock });
    startAuthFlow('login', { username: 'b2b@example.com' });
    expect(await submitPassword('Customer-2026!')).toBe(false);
    expect(state().error).toBe('auth.botCheck.unavailable');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('sign-in', () => {
  it('asks for the username, then checks it exists', async () => {
    expect(await submitUsername('  ')).toBe(false);
    expect(state().fieldErrors.username).toBe('validation.required');
    expect(send).not.toHaveBeenCalled();

    send.mockResolvedValueOnce(fail(404, 'user not found', [], 'UserNotFound'));
    expect(await submitUsername('nobody@example.com')).toBe(false);
    expect(send).toHaveBeenCalledWith('checkPasswordChange', { username: 'nobody@example.com' });
    expect(state()).toMatchObject({ state: 'login-enter-user', error: 'errors.userNotFound', loading: false });

    send.mockResolvedValueOnce(ok({ must_change_password: false }));
    expect(await submitUsername(' elena@ilglicine.example ')).toBe(true);
    expect(state()).toMatchObject({ state: 'login-enter-ps', username: 'elena@ilglicine.example', error: null, notice: null });
  });

  it('shows "Invalid login credentials" on 401 and goes to ?next on success', async () => {
    startAuthFlow('login', { username: 'elena@ilglicine.example' });
    login.mockResolvedValueOnce(fail(401, 'Invalid login credentials', [], 'InvalidLoginCredentials'));
    expect(await submitPassword('wrong')).toBe(false);
    expect(state()).toMatchObject({ state: 'login-enter-ps', error: 'errors.invalidLoginCredentials', loading: false });

    next = '/account';
    login.mockResolvedValueOnce(signedIn());
    expect(await submitPassword('Customer-2026!')).toBe(true);
    expect(login).toHaveBeenLastCalledWith('elena@ilglicine.example', 'Customer-2026!');
    expect(navigate).toHaveBeenCalledWith('/account');
  });

  it('never follows ?next to another site', async () => {
    startAuthFlow('login', { username: 'u@x.it' });
    next = '//evil.example/';
    login.mockResolvedValueOnce(signedIn());
    await submitPassword('pw');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('requires a password and maps other failures', async () => {
    startAuthFlow('login', { username: 'u@x.it' });
    expect(await submitPassword('')).toBe(false);
    expect(state().fieldErrors.password).toBe('validation.required');
    login.mockResolvedValueOnce(fail(429, 'Too many'));
    await submitPassword('x');
    expect(state().error).toBe('errors.tooManyAttempts');
    login.mockResolvedValueOnce(fail(500, 'boom'));
    await submitPassword('x');
    expect(state().error).toBe('errors.unknownServerError');
  });
});

describe('forced password change', () => {
  beforeEach(async () => {
    startAuthFlow('login', { username: 'renew@example.com' });
    login.mockResolvedValueOnce(signedIn(true));
    await submitPassword('Cantina#Vecchia9');
  });

  it('moves to force-ps-change without navigating', () => {
    expect(state().state).toBe('force-ps-change');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('checks the policy and the repetition before calling', async () => {
    expect(await submitForcedChange('weak', 'weak')).toBe(false);
    expect(state().fieldErrors.newPassword).toBe('auth.errors.minLength');
    expect(await submitForcedChange('Vendemmia#2031', 'Vendemmia#2032')).toBe(false);
    expect(state().fieldErrors).toEqual({ repeatPassword: 'validation.passwordsMustMatch' });
    expect(await submitForcedChange('Cantina#Vecchia9', 'Cantina#Vecchia9')).toBe(false);
    expect(state().fieldErrors.newPassword).toBe('auth.errors.samePassword');
    expect(send).not.toHaveBeenCalled();
  });

  it('changes the password with the old one, then signs in with the new one', async () => {
    send.mockResolvedValueOnce(ok({ detail: 'Password changed.' }));
    login.mockResolvedValueOnce(signedIn());
    expect(await submitForcedChange('Vendemmia#2031', 'Vendemmia#2031')).toBe(true);
    expect(send).toHaveBeenCalledWith('changePassword', { username: 'renew@example.com', old_password: 'Cantina#Vecchia9', password: 'Vendemmia#2031' });
    expect(login).toHaveBeenLastCalledWith('renew@example.com', 'Vendemmia#2031');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('shows the API policy failure on the new password field', async () => {
    send.mockResolvedValueOnce(fail(400, 'invalid password', [{ field: 'password', code: 'weakPassword', message: 'weak' }], 'InvalidPassword'));
    expect(await submitForcedChange('Vendemmia#2031', 'Vendemmia#2031')).toBe(false);
    expect(state()).toMatchObject({ state: 'force-ps-change', error: 'errors.invalidPassword', fieldErrors: { newPassword: 'validation.weakPassword' } });
  });

  it('goes back to the password step when the old password is not known any more', async () => {
    setAuthState('login-enter-ps');
    setAuthState('force-ps-change');
    expect(await submitForcedChange('Vendemmia#2031', 'Vendemmia#2031')).toBe(false);
    expect(state().state).toBe('login-enter-ps');
  });
});

describe('password reset by code', () => {
  it('asks for a code and moves to the code step with a resend countdown', async () => {
    startAuthFlow('reset', { username: '' });
    send.mockResolvedValueOnce(fail(404, 'user not found', [], 'UserNotFound'));
    expect(await requestResetCode('nobody@example.com')).toBe(false);
    expect(state()).toMatchObject({ state: 'start-ps-reset', error: 'errors.userNotFound' });

    send.mockResolvedValueOnce(ok({ detail: 'sent' }));
    expect(await requestResetCode('elena@ilglicine.example')).toBe(true);
    expect(send).toHaveBeenLastCalledWith('requestPasswordReset', { username: 'elena@ilglicine.example' });
    expect(state()).toMatchObject({ state: 'otp-ps-reset', notice: 'auth.notices.codeSent', resendAt: clock + RESEND_GAP_MS, error: null });
    expect(resendWaitSeconds(state(), clock)).toBe(30);
  });

  it('refuses a resend within 30 s, and waits again after a 429', async () => {
    startAuthFlow('otp', { username: 'elena@ilglicine.example' });
    $authDialog.setKey('resendAt', clock + RESEND_GAP_MS);
    expect(await resendResetCode()).toBe(false);
    expect(state().error).toBe('auth.errors.resendTooSoon');
    expect(send).not.toHaveBeenCalled();

    clock += RESEND_GAP_MS;
    send.mockResolvedValueOnce(fail(429, 'Too many attempts'));
    expect(await resendResetCode()).toBe(false);
    expect(state()).toMatchObject({ error: 'errors.tooManyAttempts', resendAt: clock + RESEND_GAP_MS });

    clock += RESEND_GAP_MS;
    send.mockResolvedValueOnce(ok({ detail: 'sent' }));
    expect(await resendResetCode()).toBe(true);
    expect(state()).toMatchObject({ notice: 'auth.notices.codeResent', error: null });
  });

  it('checks the code and the new password before calling', async () => {
    startAuthFlow('otp', { username: 'elena@ilglicine.example' });
    expect(await submitOtpChange({ otp: '12a', password: 'Vendemmia#2031', repeat: 'Vendemmia#2032' })).toBe(false);
    expect(state().fieldErrors).toEqual({ otp: 'auth.errors.otpFormat', repeatPassword: 'validation.passwordsMustMatch' });
    expect(await submitOtpChange({ otp: '', password: 'elena-Glicine1!', repeat: 'elena-Glicine1!' })).toBe(false);
    expect(state().fieldErrors).toEqual({ otp: 'validation.required', newPassword: 'validation.weakPassword' });
    expect(send).not.toHaveBeenCalled();
  });

  it('maps 401, 400 and 404 of the code change', async () => {
    startAuthFlow('otp', { username: 'elena@ilglicine.example' });
    const input = { otp: '123456', password: 'Vendemmia#2031', repeat: 'Vendemmia#2031' };
    send.mockResolvedValueOnce(fail(401, 'invalid otp', [], 'InvalidOtp'));
    await submitOtpChange(input);
    expect(state()).toMatchObject({ error: 'errors.invalidOtp', fieldErrors: { otp: 'errors.invalidOtp' } });
    send.mockResolvedValueOnce(fail(400, 'invalid password', [{ field: 'password', code: 'digitRequired', message: '' }], 'InvalidPassword'));
    await submitOtpChange(input);
    expect(state()).toMatchObject({ error: 'errors.invalidPassword', fieldErrors: { newPassword: 'validation.digitRequired' } });
    send.mockResolvedValueOnce(fail(404, 'user not found', [], 'UserNotFound'));
    await submitOtpChange(input);
    expect(state().error).toBe('errors.userNotFound');
  });

  it('changes the password with the code and signs in', async () => {
    startAuthFlow('otp', { username: '' });
    next = '/cart';
    send.mockResolvedValueOnce(ok({ detail: 'Password changed.' }));
    login.mockResolvedValueOnce(signedIn());
    expect(await submitOtpChange({ username: 'elena@ilglicine.example', otp: ' 123 456 ', password: 'Vendemmia#2031', repeat: 'Vendemmia#2031' })).toBe(true);
    expect(send).toHaveBeenCalledWith('resetPasswordWithCode', { username: 'elena@ilglicine.example', password: 'Vendemmia#2031', otp: '123456' });
    expect(login).toHaveBeenCalledWith('elena@ilglicine.example', 'Vendemmia#2031');
    expect(navigate).toHaveBeenCalledWith('/cart');
  });
});

describe('newPasswordErrors', () => {
  it('is empty for a good matching password', () => {
    expect(newPasswordErrors('Vendemmia#2031', 'Vendemmia#2031')).toEqual({});
  });
  it('treats the username as guessable', () => {
    expect(newPasswordErrors('Renew-2026!x', 'Renew-2026!x', ['renew@example.com']).newPassword).toBe('validation.weakPassword');
  });
});

describe('after signing in (spec section 2)', () => {
  const asAgent = (customer: { id: number } | null) => async (): Promise<ApiResult<LoginResponse>> => {
    $session.set({ token: 't', expiry: '2030-01-01T00:00:00Z', username: 'a', user: { is_agent: true } as never, customer: customer as never, season: null, reason: 'valid' });
    return signedIn();
  };
  const signInWith = async (loginAs: typeof login, enforced = true) => {
    configureAuthDialog({ login: loginAs, send: send as never, navigate, next: () => next, now: () => clock, customerSelectionEnforced: async () => enforced });
    startAuthFlow('login', { username: 'agent@example.com' });
    expect(await submitPassword('Agent-2026!')).toBe(true);
    return navigate.mock.calls.at(-1)?.[0];
  };

  it('sends an agent with no chosen customer to /customers, keeping ?next=', async () => {
    expect(await signInWith(vi.fn(asAgent(null)))).toBe('/customers');
    next = '/p/barolo';
    expect(await signInWith(vi.fn(asAgent(null)))).toBe('/customers?next=%2Fp%2Fbarolo');
  });

  it('sends an agent with a customer, or any agent when the gate is off, where it was going', async () => {
    next = '/cart';
    expect(await signInWith(vi.fn(asAgent({ id: 4 })))).toBe('/cart');
    expect(await signInWith(vi.fn(asAgent(null)), false)).toBe('/cart');
  });
});
