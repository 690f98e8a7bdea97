import { describe, expect, it } from 'vitest';
import { parseOrderWebhook } from './config';

describe('ORDER_WEBHOOK_URL and ORDER_WEBHOOK_SECRET', () => {
  it('are both optional: without a URL nothing is sent, whatever the secret', () => {
    expect(parseOrderWebhook(undefined, undefined)).toBeUndefined();
    expect(parseOrderWebhook(undefined, 'a-secret-that-is-long-enough')).toBeUndefined();
  });

  it('give the receiver and the key', () => {
    expect(parseOrderWebhook('https://erp.example/hooks/orders?token=x', '0123456789abcdef')).toEqual({ url: 'https://erp.example/hooks/orders?token=x', secret: '0123456789abcdef' });
  });

  it('refuse a URL without a secret, saying what to set', () => {
    expect(() => parseOrderWebhook('https://erp.example/hooks/orders', undefined)).toThrow(
      /^ORDER_WEBHOOK_URL is set but ORDER_WEBHOOK_SECRET is not: .*Set ORDER_WEBHOOK_SECRET to a long random string/,
    );
  });

  it('refuse a secret too short to resist guessing, and an address that is not http(s)', () => {
    expect(() => parseOrderWebhook('https://erp.example/hook', 'short')).toThrow('ORDER_WEBHOOK_SECRET is 5 characters long: use at least 16');
    expect(() => parseOrderWebhook('ftp://erp.example/hook', '0123456789abcdef')).toThrow('ORDER_WEBHOOK_URL must be an http(s) address, got "ftp://erp.example/hook"');
    expect(() => parseOrderWebhook('erp.example/hook', '0123456789abcdef')).toThrow('ORDER_WEBHOOK_URL must be an http(s) address');
  });
});
