import { afterEach, describe, expect, it } from 'vitest';
import { loadRelated } from './product';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  globalThis.__SHOP_API_FETCH__ = undefined;
});

describe('loadRelated', () => {
  it('names the failed load in the catalogue\'s words ("Unable to load related products")', async () => {
    globalThis.__SHOP_API_FETCH__ = () => Promise.resolve(json({ detail: 'Some fields are not valid.', error_list: [], code: 'ValidationFailed' }, 400));
    await expect(loadRelated('it', 42)).rejects.toThrow(/^Unable to load related products \(product 42\): listRelatedProducts: 400 ValidationFailed/);
  });

  it('keeps the groups that have products', async () => {
    globalThis.__SHOP_API_FETCH__ = () =>
      Promise.resolve(json({ count: 2, next: null, previous: null, results: [{ kind: 'Related', results: [{ id: 1 }] }, { kind: 'Upselling', results: [] }] }));
    expect((await loadRelated('it', 42)).map((g) => g.kind)).toEqual(['Related']);
  });
});
