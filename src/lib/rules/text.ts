// Which texts the shop can store: PostgreSQL refuses U+0000 in text and jsonb (22021, 22P05),
// and a lone UTF-16 surrogate is not a character at all (it cannot be written as UTF-8). The
// API refuses both at its edge; forms use the same rule before sending.

const INVALID = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_CHARACTERS_CODE = 'invalid_characters';
export const INVALID_CHARACTERS_MESSAGE = 'The text contains characters that cannot be stored (NUL or a broken Unicode character).';

export const hasInvalidCharacters = (text: string): boolean => INVALID.test(text);

/** Decodes one percent-encoded URL part, or undefined when it is not valid UTF-8. */
export function decodeUrlPart(part: string, plusIsSpace = false): string | undefined {
  try {
    return decodeURIComponent(plusIsSpace ? part.replace(/\+/g, ' ') : part);
  } catch {
    return undefined;
  }
}
