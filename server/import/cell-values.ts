// The value types of import columns, as valibot schemas over the cell's text. Each refusal is
// worded to follow the value found: "'12,3,4' is not a price".
import * as v from 'valibot';

/** Control characters other than line breaks and tabs (NUL first of all) are never content. */
 
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const clean = (max: number) =>
  v.pipe(
    v.string(),
    v.check((s) => !CONTROL.test(s), 'contains a control character (NUL or similar); remove it'),
    v.check((s) => s.length <= max, `is longer than ${max} characters`),
    v.transform((s) => s.trim()),
  );

export const textCell = (max: number) => clean(max);

export const codeCell = v.pipe(
  clean(64),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'is not a code (letters, digits and - . _ / only, no spaces)'),
);

export const slugCell = v.pipe(clean(200), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'is not a slug (lowercase letters, digits and single dashes)'));

/** "12.50", "12,50" or "12": a decimal comma is what a spreadsheet in Italian or Spanish writes. */
export const priceCell = v.pipe(
  clean(20),
  v.regex(/^\d{1,10}(?:[.,]\d{1,2})?$/, 'is not a price (e.g. 12.50 or 12,50)'),
  v.transform((s) => Number(s.replace(',', '.'))),
);

export const decimalCell = (what: string, max: number) =>
  v.pipe(
    clean(20),
    v.regex(/^\d{1,7}(?:[.,]\d{1,3})?$/, `is not ${what}`),
    v.transform((s) => Number(s.replace(',', '.'))),
    v.maxValue(max, `is more than ${max}`),
  );

export const integerCell = (what: string) =>
  v.pipe(clean(12), v.regex(/^-?\d{1,9}$/, `is not ${what}`), v.transform((s) => Number(s)));

const YES = new Set(['yes', 'y', 'true', '1', 'si', 'sì', 'sí', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);
export const booleanCell = v.pipe(
  clean(10),
  v.check((s) => YES.has(s.trim().toLowerCase()) || NO.has(s.trim().toLowerCase()), 'is not yes or no'),
  v.transform((s) => YES.has(s.toLowerCase())),
);

export const colourCell = v.pipe(clean(7), v.regex(/^#[0-9a-fA-F]{6}$/, 'is not a colour (#RRGGBB, e.g. #7B2D26)'), v.transform((s) => s.toUpperCase()));

/** A picture's file name: no folders, an image type the shop resizes. */
export const pictureNameCell = v.pipe(
  clean(200),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.(?:webp|png|jpe?g)$/i, 'is not a picture file name (name.webp, .png or .jpg, no folders)'),
);

/** "A|B|C", empty items dropped. */
export const splitList = (cell: string) =>
  cell
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);

export type CellSchema<T> = v.GenericSchema<string, T>;

/** The value, or the message that follows the value found. */
export function readCell<T>(schema: CellSchema<T>, raw: string): { ok: true; value: T } | { ok: false; message: string } {
  const result = v.safeParse(schema, raw);
  return result.success ? { ok: true, value: result.output } : { ok: false, message: result.issues[0].message };
}
