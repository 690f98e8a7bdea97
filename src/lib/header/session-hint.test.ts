import { describe, expect, it } from 'vitest';
import { sessionValidity } from '../stores/session';
import { AUTH_TOKEN_EXPIRE_KEY, AUTH_TOKEN_KEY, CUSTOMER_KEY, USER_KEY } from '../stores/session-keys';
import { SESSION_HINT_ATTRIBUTE, SESSION_HINT_SCRIPT, SESSION_HINT_STYLE, TRADE_HINT_ATTRIBUTE } from './session-hint';

/** Runs the inline script on stored values; answers the marks it left. */
function marksFor(stored: Record<string, string>, options: { throwing?: boolean } = {}): Record<string, string> {
  const marks: Record<string, string> = {};
  const localStorage = {
    getItem: (key: string) => {
      if (options.throwing) throw new Error('storage disabled');
      return stored[key] ?? null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string, value: string) => (marks[name] = value) } };
  new Function('localStorage', 'document', SESSION_HINT_SCRIPT)(localStorage, document);
  return marks;
}
/** Whether the script marked the page signed in. */
const hintFor = (stored: Record<string, string>, options: { throwing?: boolean } = {}) => marksFor(stored, options)[SESSION_HINT_ATTRIBUTE] === 'in';

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

  it('marks business customers and agents for the business-only links, and nobody else', () => {
    const signedIn = { [AUTH_TOKEN_KEY]: 'tok', [AUTH_TOKEN_EXPIRE_KEY]: inAnHour() };
    const user = (u: object) => ({ ...signedIn, [USER_KEY]: JSON.stringify(u) });
    expect(marksFor(user({ is_agent: true, customer_profile: null }))[TRADE_HINT_ATTRIBUTE]).toBe('in');
    expect(marksFor(user({ is_agent: false, customer_profile: { kind: 'b2b' } }))[TRADE_HINT_ATTRIBUTE]).toBe('in');
    expect(marksFor(user({ is_agent: false, customer_profile: { kind: 'b2c' } }))[TRADE_HINT_ATTRIBUTE]).toBeUndefined();
    expect(marksFor({ ...signedIn, [USER_KEY]: 'not json' })).toEqual({ [SESSION_HINT_ATTRIBUTE]: 'in' });
    const agent = user({ is_agent: true, customer_profile: null });
    expect(marksFor({ ...agent, [CUSTOMER_KEY]: JSON.stringify({ id: 3, name: 'Cantina', kind: 'b2b' }) })[TRADE_HINT_ATTRIBUTE]).toBe('in');
    expect(marksFor({ ...agent, [CUSTOMER_KEY]: JSON.stringify({ id: 9, name: 'Anna Bianchi', kind: 'b2c' }) })[TRADE_HINT_ATTRIBUTE]).toBeUndefined();
    expect(marksFor({ [AUTH_TOKEN_KEY]: 'tok', [AUTH_TOKEN_EXPIRE_KEY]: anHourAgo(), [USER_KEY]: JSON.stringify({ is_agent: true }) })).toEqual({});
  });
});
