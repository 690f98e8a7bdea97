import { describe, expect, it } from 'vitest';
import { freshRouteOf } from './shell-pages';

describe('freshRouteOf', () => {
  it('renders pages without data through the shell route, the others through their own', () => {
    expect(freshRouteOf('en', 'cart', false)).toBe('/fresh/en/shell/cart');
    expect(freshRouteOf('it', 'account/orders/view', false)).toBe('/fresh/it/shell/account/orders/view');
    expect(freshRouteOf('es', 'p/tappo', false)).toBe('/fresh/es/p/tappo');
    expect(freshRouteOf('es', 'p/tappo', true)).toBe('/fresh/es/p/tappo/payload.json');
    expect(freshRouteOf('it', 'home', false)).toBe('/fresh/it/home');
    expect(freshRouteOf('en', 'contatti', false)).toBe('/fresh/en/shell/contatti');
  });
});
