import { describe, expect, it } from 'vitest';
import { shopContextFor } from './shop-context';

describe('shopContextFor', () => {
  it("serves a customer in its own kind's context, whatever was asked", () => {
    expect(shopContextFor('b2c', 'b2b')).toBe('b2c');
    expect(shopContextFor('b2b', 'b2c')).toBe('b2b');
  });
  it('takes the asked context when no customer is acted for', () => {
    expect(shopContextFor(null, 'b2c')).toBe('b2c');
    expect(shopContextFor(undefined, 'b2b')).toBe('b2b');
  });
});
