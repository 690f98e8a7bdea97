import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config';
import { delayForAttempt, FREE_ATTEMPTS, MAX_DELAY_MS } from '../auth/sign-in-throttle';
import { forwardedAddress, proxyHops } from './client-address';

describe('forwardedAddress: X-Forwarded-For read from the right', () => {
  it('ignores the header when no proxy is trusted', () => {
    expect(forwardedAddress('203.0.113.9', 0, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('with one proxy takes the entry that proxy appended, not what the client wrote', () => {
    expect(forwardedAddress('6.6.6.6, 7.7.7.7, 198.51.100.4', 1, '10.0.0.1')).toBe('198.51.100.4');
    expect(forwardedAddress('198.51.100.4', 1, '10.0.0.1')).toBe('198.51.100.4');
  });

  it('with two proxies takes the address the outer one saw', () => {
    expect(forwardedAddress('6.6.6.6, 198.51.100.4, 192.0.2.1', 2, '10.0.0.1')).toBe('198.51.100.4');
  });

  it('with fewer entries than proxies takes the leftmost; with none, the socket peer', () => {
    expect(forwardedAddress('198.51.100.4', 3, '10.0.0.1')).toBe('198.51.100.4');
    expect(forwardedAddress(undefined, 1, '10.0.0.1')).toBe('10.0.0.1');
    expect(forwardedAddress(' , ', 1, '10.0.0.1')).toBe('10.0.0.1');
  });

  it('cuts an absurdly long entry', () => {
    expect(forwardedAddress('x'.repeat(500), 1, 'p')).toHaveLength(64);
  });

  it('true is one proxy, false none', () => {
    expect(proxyHops(true)).toBe(1);
    expect(proxyHops(false)).toBe(0);
    expect(proxyHops(2)).toBe(2);
  });
});

describe('TRUST_PROXY', () => {
  it('reads false, true and a number of proxies', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('false')).toBe(0);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY/);
  });
});

describe('sign-in delays', () => {
  it('are free for the first attempts, then double up to the cap', () => {
    expect(delayForAttempt(FREE_ATTEMPTS)).toBe(0);
    expect(delayForAttempt(FREE_ATTEMPTS + 1)).toBe(1000);
    expect(delayForAttempt(FREE_ATTEMPTS + 2)).toBe(2000);
    expect(delayForAttempt(FREE_ATTEMPTS + 3)).toBe(4000);
    expect(delayForAttempt(1000)).toBe(MAX_DELAY_MS);
  });
});
