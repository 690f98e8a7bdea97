import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../contract/auth';
import { accountView, badgeText, customersHref, loginHref, seasonsEnabledValue } from './account-view';
import { createT } from '../i18n/client-messages';
import en from '../../content/messages/en.json';
import agentEn from '../../content/messages/agent/en.json';
import agentIt from '../../content/messages/agent/it.json';
import itMessages from '../../content/messages/it.json';

const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1,
  first_name: 'Luca',
  last_name: 'Moretti',
  email: 'agent@example.com',
  is_agent: true,
  agent_profile: { id: 1 },
  customer_profile: null,
  must_change_password: false,
  ...over,
});
const sierra = { id: 5, name: 'Bodega Sierra Norte S.L.', kind: 'b2b' as const };

describe('loginHref', () => {
  it('brings the visitor back to the page and its query', () => {
    expect(loginHref('/p/pompa', '?lan=en')).toBe('/auth/login?next=%2Fp%2Fpompa%3Flan%3Den');
    expect(loginHref('/home')).toBe('/auth/login?next=%2Fhome');
  });
  it('never points back to a sign-in page', () => {
    expect(loginHref('/auth/login', '?next=%2Fcart')).toBe('/auth/login');
    expect(loginHref('/auth/password-reset')).toBe('/auth/login');
  });
});

describe('customersHref', () => {
  it('comes back to the page after choosing a customer', () => {
    expect(customersHref('/p/pompa', '?lan=en')).toBe('/customers?next=%2Fp%2Fpompa%3Flan%3Den');
    expect(customersHref('/customers', '?next=%2Fcart')).toBe('/customers');
    expect(customersHref('/auth/login')).toBe('/customers');
  });
});

describe('accountView', () => {
  it('shows the sign-in link to a visitor, and to an expired or rejected session', () => {
    for (const reason of ['no-session', 'expired', 'invalid'] as const) {
      expect(accountView({ reason, user: user(), customer: sierra })).toEqual({ signedIn: false, firstName: null, agent: { kind: 'none' }, shopsForCustomer: false, tradeTools: false });
    }
  });
  it('shows a customer user its first name, and cart and wishlist', () => {
    const own = { id: 1, name: 'Cantina dei Colli S.r.l.', kind: 'b2b' as const };
    const profile = { id: 1, code: 'C1', kind: 'b2b' as const, business_name: own.name, first_name: 'Giulia', last_name: 'Neri' };
    expect(accountView({ reason: 'valid', user: user({ first_name: 'Giulia', is_agent: false, agent_profile: null, customer_profile: profile }), customer: own })).toEqual({
      signedIn: true,
      firstName: 'Giulia',
      agent: { kind: 'none' },
      shopsForCustomer: true,
      tradeTools: true,
    });
  });
  it('gives the business tools (quick order, lists, previously bought) to business customers and agents, not consumers', () => {
    const consumer = { id: 9, code: 'C9', kind: 'b2c' as const, business_name: null, first_name: 'Anna', last_name: 'Bianchi' };
    const mine = { id: 9, name: 'Anna Bianchi', kind: 'b2c' as const };
    expect(accountView({ reason: 'valid', user: user({ is_agent: false, agent_profile: null, customer_profile: consumer }), customer: mine }).tradeTools).toBe(false);
    expect(accountView({ reason: 'valid', user: user(), customer: null }).tradeTools).toBe(true);
    expect(accountView({ reason: 'valid', user: user(), customer: { id: 3, name: 'Cantina dei Colli S.r.l.', kind: 'b2b' } }).tradeTools).toBe(true);
    // Acting for a consumer: the business calls answer 403 for consumers, so no link leads there.
    expect(accountView({ reason: 'valid', user: user(), customer: mine }).tradeTools).toBe(false);
  });
  it('falls back to "My account" while the user is not known yet', () => {
    expect(accountView({ reason: 'valid', user: null, customer: null }).firstName).toBeNull();
    expect(accountView({ reason: 'valid', user: user({ first_name: '  ' }), customer: null }).firstName).toBeNull();
  });
  it('asks an agent without a customer to choose one, with no cart', () => {
    expect(accountView({ reason: 'valid', user: user(), customer: null })).toMatchObject({ agent: { kind: 'choose' }, shopsForCustomer: false });
  });
  it('names the customer an agent acts for', () => {
    expect(accountView({ reason: 'valid', user: user(), customer: sierra })).toMatchObject({
      agent: { kind: 'acting', customerName: 'Bodega Sierra Norte S.L.' },
      shopsForCustomer: true,
    });
  });
});

describe('count labels', () => {
  it('shows no badge at zero and caps big numbers', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(null)).toBe('');
    expect(badgeText(3)).toBe('3');
    expect(badgeText(250)).toBe('99+');
  });
  it('reads the cart and wishlist counts in words, with plurals', () => {
    const tEn = createT({ ...en, ...agentEn }, 'en');
    expect(tEn('frame.cartCount', { count: 1 })).toBe('1 item in the cart');
    expect(tEn('frame.cartCount', { count: 3 })).toBe('3 items in the cart');
    expect(tEn('agent.wishlistCount', { count: 1 })).toBe('1 item in the wishlist');
    const tIt = createT({ ...itMessages, ...agentIt }, 'it');
    expect(tIt('agent.wishlistCount', { count: 2 })).toBe('2 articoli nella lista dei desideri');
  });
});

describe('seasonsEnabledValue', () => {
  it('is on only for "true"', () => {
    expect(seasonsEnabledValue('true')).toBe(true);
    expect(seasonsEnabledValue(' TRUE ')).toBe(true);
    expect(seasonsEnabledValue('false')).toBe(false);
    expect(seasonsEnabledValue(undefined)).toBe(false);
  });
});
