import { describe, expect, it } from 'vitest';
import { afterSignInPath, guardRedirect, isProtectedPath, needsChosenCustomer, nextAfterChoosingCustomer, safeNext } from './route-guard';

const visitor = { signedIn: false, isAgent: false, hasCustomer: false };
const customer = { signedIn: true, isAgent: false, hasCustomer: true };
const agent = { signedIn: true, isAgent: true, hasCustomer: false };
const agentWithCustomer = { ...agent, hasCustomer: true };

describe('guardRedirect', () => {
  it('sends visitors from protected pages to sign-in, remembering where they were going', () => {
    expect(guardRedirect('/account/orders', '?page=2', visitor)).toBe('/auth/login?next=%2Faccount%2Forders%3Fpage%3D2');
    expect(guardRedirect('/cart/', '', visitor)).toBe('/auth/login?next=%2Fcart');
    expect(guardRedirect('/customers', '', visitor)).toBe('/auth/login?next=%2Fcustomers');
    expect(guardRedirect('/quick-order', '', visitor)).toBe('/auth/login?next=%2Fquick-order');
  });

  it('lets visitors see public and sign-in pages', () => {
    for (const path of ['/home', '/p', '/p/some-wine', '/contatti', '/auth/login', '/auth/password-forgotten', '/accounting-tips']) {
      expect(guardRedirect(path, '', visitor), path).toBeNull();
    }
  });

  it('sends signed-in users away from sign-in pages, to ?next when it is on this site', () => {
    expect(guardRedirect('/auth/login', '', customer)).toBe('/');
    expect(guardRedirect('/auth/login', '?next=%2Fcart', customer)).toBe('/cart');
    expect(guardRedirect('/auth/login', '?next=https%3A%2F%2Fevil.example', customer)).toBe('/');
    expect(guardRedirect('/auth/login', '?next=%2F%2Fevil.example', customer)).toBe('/');
  });

  it('keeps non-agents off the customer selection', () => {
    expect(guardRedirect('/customers', '', customer)).toBe('/');
    expect(guardRedirect('/customers', '', agent)).toBeNull();
  });

  it('sends an agent without a chosen customer to the customer selection', () => {
    expect(guardRedirect('/account', '', agent)).toBe('/customers?next=%2Faccount');
    expect(guardRedirect('/cart/checkout', '', agent)).toBe('/customers?next=%2Fcart%2Fcheckout');
    expect(guardRedirect('/contacts', '', agent)).toBe('/customers?next=%2Fcontacts');
    expect(guardRedirect('/quick-order', '', agent)).toBe('/customers?next=%2Fquick-order');
    expect(guardRedirect('/account/purchased', '', agent)).toBe('/customers?next=%2Faccount%2Fpurchased');
    expect(guardRedirect('/p/some-wine', '', agent)).toBeNull();
    expect(guardRedirect('/account', '', agentWithCustomer)).toBeNull();
    expect(guardRedirect('/account', '', { ...agent, enforceCustomerSelection: false })).toBeNull();
  });

  it('lets customers open their pages', () => {
    for (const path of ['/account', '/account/orders/12', '/cart', '/cart/order-complete', '/contatti', '/quick-order', '/account/lists/3']) {
      expect(guardRedirect(path, '', customer), path).toBeNull();
    }
  });
});

describe('route names', () => {
  it('knows the protected and customer-bound paths', () => {
    expect(isProtectedPath('/account')).toBe(true);
    expect(isProtectedPath('/accounts-news')).toBe(false);
    expect(needsChosenCustomer('/contactos')).toBe(true);
    expect(needsChosenCustomer('/news')).toBe(false);
  });

  it('accepts only same-site paths as next', () => {
    expect(safeNext('/p?search=tappi')).toBe('/p?search=tappi');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext(null, '/p')).toBe('/p');
    expect(safeNext('javascript:alert(1)')).toBe('/');
  });

  it('judges ?next= after the browser drops tabs, CR and LF (issue 11: /auth/login?next=%2F%09%2Fevil.example)', () => {
    for (const next of ['/\t/evil.example', '/\r/evil.example', '/\n/evil.example', '/\t\\evil.example', '/.//evil.example']) {
      expect(safeNext(next)).toBe('/');
    }
    expect(guardRedirect('/auth/login', '?next=%2F%09%2Fevil.example', customer)).toBe('/');
    expect(guardRedirect('/auth/login', '?next=%2F%0D%0A%2Fevil.example', customer)).toBe('/');
  });
});

describe('afterSignInPath (spec section 2: an agent with no chosen customer goes to /customers)', () => {
  const agent = { isAgent: true, hasCustomer: false };
  it('sends an agent without a customer to /customers, keeping where it was going', () => {
    expect(afterSignInPath(null, agent)).toBe('/customers');
    expect(afterSignInPath('/', agent)).toBe('/customers');
    expect(afterSignInPath('/p/vino?x=1', agent)).toBe('/customers?next=%2Fp%2Fvino%3Fx%3D1');
    expect(afterSignInPath('/customers?next=%2Fcart', agent)).toBe('/customers?next=%2Fcart');
  });
  it('lets customers, agents with a customer and a shop without the gate go straight on', () => {
    expect(afterSignInPath('/cart', { isAgent: false, hasCustomer: true })).toBe('/cart');
    expect(afterSignInPath('/cart', { isAgent: true, hasCustomer: true })).toBe('/cart');
    expect(afterSignInPath('/cart', { ...agent, enforceCustomerSelection: false })).toBe('/cart');
    expect(afterSignInPath('https://evil.example/', { isAgent: false, hasCustomer: true })).toBe('/');
    expect(afterSignInPath('//evil.example/x', agent)).toBe('/customers');
  });
});

describe('nextAfterChoosingCustomer (issue 14 item 13)', () => {
  it("goes on to the agent's ?next= once a customer is chosen: same-site paths only", () => {
    expect(nextAfterChoosingCustomer('/p/barolo')).toBe('/p/barolo');
    expect(nextAfterChoosingCustomer('/account/orders?status=Completed')).toBe('/account/orders?status=Completed');
    expect(nextAfterChoosingCustomer('/cart#rows')).toBe('/cart#rows');
  });

  it('stays on /customers without a destination, for another site, or for /customers itself', () => {
    for (const next of [null, undefined, '', '//evil.example/p', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/customers', '/customers?next=%2Fp']) {
      expect(nextAfterChoosingCustomer(next)).toBeNull();
    }
  });
});
