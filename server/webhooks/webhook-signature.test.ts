import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBody, verifySignature } from './webhook-signature';

const SECRET = 'shared-secret-0123456789abcdef';
const BODY = '{"event":"order.placed","version":1,"order":{"notes":"Caffè; \\"subito\\"\\n"}}';

describe('the webhook signature', () => {
  it('is the HMAC-SHA256 of the raw body under the secret, as a receiver computes it with any HMAC library', () => {
    const hex = createHmac('sha256', SECRET).update(Buffer.from(BODY, 'utf8')).digest('hex');
    expect(signBody(SECRET, BODY)).toBe(`sha256=${hex}`);
    expect(signBody(SECRET, Buffer.from(BODY))).toBe(`sha256=${hex}`);
  });

  it('verifies for the same secret and the same bytes only', () => {
    const header = signBody(SECRET, BODY);
    expect(verifySignature(SECRET, BODY, header)).toBe(true);
    expect(verifySignature(SECRET, Buffer.from(BODY), header.toUpperCase().replace('SHA256=', 'sha256='))).toBe(true);
    expect(verifySignature('shared-secret-0123456789abcdeF', BODY, header)).toBe(false);
    expect(verifySignature(SECRET, `${BODY} `, header)).toBe(false);
    expect(verifySignature(SECRET, JSON.stringify(JSON.parse(BODY)).replace('1', '2'), header)).toBe(false);
  });

  it('refuses a missing, truncated, padded or otherwise mangled header instead of comparing part of it', () => {
    const header = signBody(SECRET, BODY);
    for (const bad of [undefined, null, '', 'sha256=', header.slice(0, -2), `${header}00`, `${header}zz`, header.replace('sha256=', 'sha1='), header.slice(7), ` ${header}`]) {
      expect(verifySignature(SECRET, BODY, bad)).toBe(false);
    }
  });
});
