import { describe, expect, it } from 'vitest';
import { decodeUrlPart, hasInvalidCharacters } from './text';

describe('hasInvalidCharacters', () => {
  it('finds NUL and lone surrogates, and nothing else', () => {
    expect(hasInvalidCharacters('a\u0000b')).toBe(true);
    expect(hasInvalidCharacters('\ud800')).toBe(true);
    expect(hasInvalidCharacters('x\udc00')).toBe(true);
    expect(hasInvalidCharacters('\udc00\ud800')).toBe(true);
    expect(hasInvalidCharacters('“vino” 🍷 ñ\r\n\t')).toBe(false);
    expect(hasInvalidCharacters('')).toBe(false);
  });
});

describe('decodeUrlPart', () => {
  it('decodes valid UTF-8 and refuses overlong or cut sequences', () => {
    expect(decodeUrlPart('%E2%80%9Cvino%E2%80%9D')).toBe('“vino”');
    expect(decodeUrlPart('a+b', true)).toBe('a b');
    expect(decodeUrlPart('%C0%AF')).toBeUndefined();
    expect(decodeUrlPart('%E0%A4%A')).toBeUndefined();
    expect(decodeUrlPart('%ED%A0%80')).toBeUndefined();
  });
});
