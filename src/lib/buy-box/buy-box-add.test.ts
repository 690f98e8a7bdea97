import { describe, expect, it } from 'vitest';
import { createT, pickPaths } from '../i18n/client-messages';
import { messagesOf } from '../i18n/i18n';
import { LOCALES } from '../i18n/locales';
import { MAX_CART_QTY } from '../rules/cart';
import { decideAdd, type AddInput } from './buy-box-add';
import { BUY_BOX_MESSAGE_PATHS } from './buy-box-messages';
import { parseBuyBoxConfig } from './buy-box-config';

const t = createT(pickPaths(messagesOf('en'), BUY_BOX_MESSAGE_PATHS), 'en');
const add = (over: Partial<AddInput> = {}) => decideAdd({ qty: '1', needsVariant: false, inCart: 0, stock: { quantity: 10, isBackorderable: false }, ...over }, t);

describe('decideAdd', () => {
  it('asks for the version first, whatever the quantity says', () => {
    expect(add({ needsVariant: true, qty: '-4' })).toEqual({ kind: 'choose-version', text: 'Choose the version' });
  });

  it('refuses anything but a whole number of at least one', () => {
    for (const qty of ['', '   ', '0', '00', '-1', '1.5', '2,5', '1e3', 'abc', '+3']) {
      expect(add({ qty }), qty).toEqual({ kind: 'refuse', text: 'The quantity must be a positive number' });
    }
  });

  it('refuses more than the cart takes of one product, counting what is there already', () => {
    const tooLarge = { kind: 'refuse', text: `You can order at most ${MAX_CART_QTY} units of a product.` };
    expect(add({ qty: String(MAX_CART_QTY + 1), stock: undefined })).toEqual(tooLarge);
    expect(add({ qty: '2', inCart: MAX_CART_QTY - 1, stock: undefined })).toEqual(tooLarge);
    expect(add({ qty: '9'.repeat(400), stock: undefined })).toEqual(tooLarge);
    expect(add({ qty: '1', inCart: MAX_CART_QTY - 1, stock: undefined })).toEqual({ kind: 'add', qty: 1 });
  });

  it('refuses more than the live stock of a product that cannot be backordered, and says how many', () => {
    expect(add({ qty: '4', stock: { quantity: 3, isBackorderable: false } })).toEqual({ kind: 'refuse', text: 'The quantity is not available. You can order at most 3.' });
    expect(add({ qty: '1', stock: { quantity: -2, isBackorderable: false } })).toEqual({ kind: 'refuse', text: 'The quantity is not available. You can order at most 0.' });
    expect(add({ qty: '3', stock: { quantity: 3, isBackorderable: false } })).toEqual({ kind: 'add', qty: 3 });
  });

  it('leaves the stock to the API when the product can be backordered or the live values failed', () => {
    expect(add({ qty: '50', stock: { quantity: 3, isBackorderable: true } })).toEqual({ kind: 'add', qty: 50 });
    expect(add({ qty: '50', stock: undefined })).toEqual({ kind: 'add', qty: 50 });
  });

  it('reads the quantity as typed, spaces around it aside', () => {
    expect(add({ qty: ' 2 ' })).toEqual({ kind: 'add', qty: 2 });
  });

  it('says every refusal in every language, from the strings the page hands the script', () => {
    for (const locale of LOCALES) {
      const words = createT(pickPaths(messagesOf(locale), BUY_BOX_MESSAGE_PATHS), locale);
      const decisions = [
        decideAdd({ qty: '1', needsVariant: true, inCart: 0, stock: undefined }, words),
        decideAdd({ qty: '0', needsVariant: false, inCart: 0, stock: undefined }, words),
        decideAdd({ qty: String(MAX_CART_QTY + 1), needsVariant: false, inCart: 0, stock: undefined }, words),
        decideAdd({ qty: '4', needsVariant: false, inCart: 0, stock: { quantity: 3, isBackorderable: false } }, words),
        decideAdd({ qty: '2', needsVariant: false, inCart: 0, stock: { quantity: 1, isBackorderable: false } }, words),
      ];
      for (const decision of decisions) {
        expect(decision.kind).not.toBe('add');
        if (decision.kind !== 'add') expect(decision.text, locale).not.toMatch(/(shop|errors)\.|{{/);
      }
    }
  });
});

describe('parseBuyBoxConfig', () => {
  const good = { product: { id: 7, price: 12.2 }, variants: [{ id: 71, price: 15 }], messages: { shop: {} } };

  it('reads what the page wrote', () => {
    expect(parseBuyBoxConfig(JSON.stringify(good))).toEqual(good);
  });

  it('answers null for a block that is missing, broken or of another shape (the box then stays as served)', () => {
    for (const text of [null, undefined, '', '{', 'null', '[]', JSON.stringify({ ...good, product: { id: '7', price: 1 } }), JSON.stringify({ ...good, variants: [{ id: 1.5, price: 1 }] }), JSON.stringify({ ...good, messages: null })]) {
      expect(parseBuyBoxConfig(text), String(text)).toBeNull();
    }
  });
});
