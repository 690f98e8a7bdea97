import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type ApiResult } from '../api/result';
import { memoryStorage } from '../browser/storage';

const sendJson = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
vi.mock('../api/client', () => ({ createClient: () => ({}), getJson: vi.fn(), sendJson: (...args: unknown[]) => sendJson(...args) }));

const session = await import('./session');
const { changePassword, checkPasswordChange } = await import('./account-profile');

beforeEach(() => {
  sendJson.mockReset();
  const storage = memoryStorage();
  storage.setItem(session.AUTH_TOKEN_KEY, 't');
  storage.setItem(session.AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  storage.setItem(session.USER_KEY, JSON.stringify({
    id: 9, first_name: 'Marco', last_name: 'Bianchi', email: 'b2b2@example.com', is_agent: false, agent_profile: null,
    customer_profile: { id: 2, business_name: 'Birrificio', first_name: 'M', last_name: 'B', kind: 'b2b' }, must_change_password: false,
  }));
  session.configureSession({ storage });
});

describe('checkPasswordChange', () => {
  it('asks for every field and a matching repetition', () => {
    expect(checkPasswordChange({ current: '', password: '', repeat: '' }, [])).toEqual({
      current: ['validation.required'], password: ['validation.required'], repeat: ['validation.required'],
    });
    expect(checkPasswordChange({ current: 'x', password: 'Good-Pass-2031!', repeat: 'Good-Pass-2031?' }, [])).toEqual({ repeat: ['validation.passwordsMustMatch'] });
  });

  it('applies the password policy, personal data included', () => {
    expect(checkPasswordChange({ current: 'x', password: 'short', repeat: 'short' }, []).password).toEqual(
      expect.arrayContaining(['validation.minLength', 'validation.uppercaseRequired', 'validation.digitRequired', 'validation.specialCharRequired']),
    );
    expect(checkPasswordChange({ current: 'x', password: 'Bianchi-2031!', repeat: 'Bianchi-2031!' }, ['Bianchi']).password).toEqual(['validation.weakPassword']);
  });
});

describe('changePassword', () => {
  it('sends the email as username', async () => {
    sendJson.mockResolvedValue(ok({ detail: 'Password changed.' }));
    expect(await changePassword({ current: 'Old-1!', password: 'Good-Pass-2031!', repeat: 'Good-Pass-2031!' })).toEqual({ ok: true });
    expect(sendJson).toHaveBeenCalledWith({}, 'post', 'auth/password-change/', { username: 'b2b2@example.com', old_password: 'Old-1!', password: 'Good-Pass-2031!' }, undefined, undefined);
  });

  it('never sends when the repetition differs', async () => {
    expect(await changePassword({ current: 'a', password: 'Good-Pass-2031!', repeat: 'x' })).toMatchObject({ ok: false, errors: { repeat: ['validation.passwordsMustMatch'] } });
    expect(sendJson).not.toHaveBeenCalled();
  });

  it('a wrong current password is "Invalid password" on its field; other answers are general', async () => {
    sendJson.mockResolvedValue(fail(400, 'invalid password', [{ field: 'old_password', code: 'invalid', message: 'x' }]));
    expect(await changePassword({ current: 'a', password: 'Good-Pass-2031!', repeat: 'Good-Pass-2031!' })).toEqual({ ok: false, errors: { current: ['errors.invalidPassword'] }, failure: null });
    sendJson.mockResolvedValue(fail(400, 'invalid password', [{ field: 'password', code: 'unchanged', message: 'The new password must differ.' }], 'InvalidPassword'));
    expect(await changePassword({ current: 'a', password: 'Good-Pass-2031!', repeat: 'Good-Pass-2031!' })).toEqual({ ok: false, errors: { password: ['auth.errors.samePassword'] }, failure: null });
    sendJson.mockResolvedValue(fail(400, 'invalid password', [], 'InvalidPassword'));
    expect(await changePassword({ current: 'a', password: 'Good-Pass-2031!', repeat: 'Good-Pass-2031!' })).toEqual({ ok: false, errors: {}, failure: 'errors.invalidPassword' });
    sendJson.mockResolvedValue(fail(429, 'Too many'));
    expect(await changePassword({ current: 'a', password: 'Good-Pass-2031!', repeat: 'Good-Pass-2031!' })).toMatchObject({ failure: 'errors.tooManyAttempts' });
  });
});
