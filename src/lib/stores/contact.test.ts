import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type ApiResult } from '../api/result';

const sendJson = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
vi.mock('../api/client', () => ({ createClient: () => ({}), sendJson: (...args: unknown[]) => sendJson(...args) }));

const { $contactForm, clearContactError, errorsFromApi, resetContactForm, submitContact, validateContact } = await import('./contact');

const valid = {
  name: ' Anna Rossi ',
  email: 'anna@example.com',
  phone: '',
  company: 'Cantina Rossi',
  subject: 'Listino',
  message: 'Vorrei il listino per aziende.',
  privacy_consent: true,
};

beforeEach(() => {
  sendJson.mockReset();
  $contactForm.set({ status: 'editing', errors: {}, failure: null, attempt: 0 });
});

describe('validateContact', () => {
  it('builds the body: trimmed, blanks as null, consent given', () => {
    const result = validateContact(valid);
    expect(result).toEqual({
      ok: true,
      body: { name: 'Anna Rossi', email: 'anna@example.com', phone: null, company: 'Cantina Rossi', subject: 'Listino', message: 'Vorrei il listino per aziende.', privacy_consent: true },
    });
  });

  it('asks for the required fields, a valid email and the consent', () => {
    const result = validateContact({ ...valid, name: '  ', email: 'not-an-email', message: '', privacy_consent: false });
    expect(result).toEqual({
      ok: false,
      errors: { name: { code: 'required' }, email: { code: 'email' }, message: { code: 'required' }, privacy_consent: { code: 'privacy' } },
    });
  });

  it('says how long a field may be', () => {
    const result = validateContact({ ...valid, phone: '1'.repeat(41) });
    expect(result).toEqual({ ok: false, errors: { phone: { code: 'maxLength', max: 40 } } });
  });

  it('refuses a subject of more than one line', () => {
    expect(validateContact({ ...valid, subject: 'a\nb' })).toEqual({ ok: false, errors: { subject: { code: 'invalid' } } });
    // What the API refuses to store (NUL, a lone surrogate) is refused here first.
    expect(validateContact({ ...valid, message: 'ciao\u0000', company: '\ud800' })).toEqual({
      ok: false, errors: { message: { code: 'invalidCharacters' }, company: { code: 'invalidCharacters' } },
    });
  });
});

describe('errorsFromApi', () => {
  it('maps the API issue types to the form codes, first per field', () => {
    expect(
      errorsFromApi([
        { field: 'email', code: 'email', message: 'Enter a valid email address.' },
        { field: 'email', code: 'non_empty', message: 'x' },
        { field: 'message', code: 'max_length', message: 'x' },
        { field: 'privacy_consent', code: 'check', message: 'x' },
        { field: 'unknown', code: 'x', message: 'x' },
      ]),
    ).toEqual({ email: { code: 'email' }, message: { code: 'maxLength', max: 5000 }, privacy_consent: { code: 'privacy' } });
  });
});

describe('submitContact', () => {
  it('does not send without consent', async () => {
    const state = await submitContact({ ...valid, privacy_consent: false }, { locale: 'it' });
    expect(sendJson).not.toHaveBeenCalled();
    expect(state).toMatchObject({ status: 'editing', errors: { privacy_consent: { code: 'privacy' } }, failure: null, attempt: 1 });
  });

  it('sends the body and ends sent', async () => {
    sendJson.mockResolvedValue(ok({ detail: 'Message sent.', id: 1 }));
    const state = await submitContact(valid, { locale: 'en' });
    expect(sendJson).toHaveBeenCalledWith({}, 'post', 'contact/', expect.objectContaining({ name: 'Anna Rossi', privacy_consent: true }), undefined, undefined);
    expect(state).toMatchObject({ status: 'sent', failure: null, attempt: 1 });
  });

  it('adds the bot-check token when asked, and stops when there is none', async () => {
    sendJson.mockResolvedValue(ok({ detail: 'Message sent.', id: 1 }));
    await submitContact(valid, { locale: 'it', botToken: async () => 'token-1' });
    expect(sendJson.mock.calls[0]?.[3]).toMatchObject({ recaptcha_token: 'token-1' });
    sendJson.mockClear();
    const state = await submitContact(valid, { locale: 'it', botToken: () => Promise.reject(new Error('blocked')) });
    expect(sendJson).not.toHaveBeenCalled();
    expect(state).toMatchObject({ status: 'editing', failure: 'botCheck' });
  });

  it('shows the API field errors', async () => {
    sendJson.mockResolvedValue(fail(400, 'Some fields are not valid.', [{ field: 'email', code: 'email', message: 'x' }]));
    expect(await submitContact(valid, { locale: 'it' })).toMatchObject({ status: 'editing', failure: 'fields', errors: { email: { code: 'email' } } });
  });

  it('tells a refused bot check apart', async () => {
    sendJson.mockResolvedValue(fail(400, 'Some fields are not valid.', [{ field: 'recaptcha_token', code: 'invalid', message: 'x' }]));
    expect(await submitContact(valid, { locale: 'it' })).toMatchObject({ failure: 'botCheck', errors: {} });
  });

  it.each([
    [429, 'tooMany'],
    [0, 'network'],
    [500, 'send'],
  ] as const)('answers %i as %s', async (status, failure) => {
    sendJson.mockResolvedValue(fail(status, 'x'));
    expect(await submitContact(valid, { locale: 'it' })).toMatchObject({ status: 'editing', failure });
  });

  it('counts attempts and resets to an empty form', async () => {
    await submitContact({ ...valid, name: '' }, { locale: 'it' });
    await submitContact({ ...valid, name: '' }, { locale: 'it' });
    expect($contactForm.get().attempt).toBe(2);
    clearContactError('name');
    expect($contactForm.get().errors).toEqual({});
    resetContactForm();
    expect($contactForm.get()).toEqual({ status: 'editing', errors: {}, failure: null, attempt: 2 });
  });
});
