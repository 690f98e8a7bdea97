import { describe, expect, it } from 'vitest';
import { sessionValidity } from '../stores/session';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY } from '../stores/session-keys';
import { SESSION_HINT_ATTRIBUTE, SESSION_HINT_SCRIPT, SESSION_HINT_STYLE } from './session-hint';

/** Runs the inline script on a stored token and expiry; answers whether it marked the page. */
function hintFor(stored: Record<string, string>, options: { throwing?: boolean } = {}): boolean {
  const marks: Record<string, string> = {};
  const localStorage = {
    getItem: (key: string) => {
      if (options.throwing) throw new Error('storage disabled');
      return stored[key] ?? null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string, value: string) => (marks[name] = value) } };
  new Function('localStorage', 'document', SESSION_HINT_SCRIPT)(localStorage, document);
  return marks[SESSION_HINT_ATTRIBUTE] === 'in';
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

describe('the first-paint session hint', () => {
  it('decides as the session store does, on the same stored values', () => {
    const cases: [string | null, string | null][] = [
      ['tok', inAnHour()],
      ['tok', anHourAgo()],
      ['tok', null],
      ['tok', 'not a date'],
      [null, inAnHour()],
      ['', inAnHour()],
    ];
    for (const [token, expiry] of cases) {
      const stored: Record<string, string> = {};
      if (token !== null) stored[AUTH_TOKEN_KEY] = token;
      if (expiry !== null) stored[AUTH_TOKEN_EXPIRE_KEY] = expiry;
      expect(hintFor(stored), `${token} ${expiry}`).toBe(sessionValidity(token, expiry, Date.now()) === 'valid');
    }
  });

  it('leaves the page signed out when storage cannot be read (blocked cookies and storage)', () => {
    expect(hintFor({ [AUTH_TOKEN_KEY]: 'tok', [AUTH_TOKEN_EXPIRE_KEY]: inAnHour() }, { throwing: true })).toBe(false);
  });

  it('shows the account buttons and hides "sign in" only on a marked page', () => {
    expect(SESSION_HINT_STYLE).toContain(`html[${SESSION_HINT_ATTRIBUTE}=in] [data-shop-account]{display:none}`);
    expect(SESSION_HINT_STYLE).toMatch(/\[data-header-account\]\[hidden\][^{]*\[data-header-signout\]\[hidden\]\{display:inline-flex\}/);
  });
});
