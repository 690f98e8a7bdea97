import { describe, expect, it, vi } from 'vitest';
import type { ApiFailure } from '../api/result';

vi.mock('../api/client', () => ({ createClient: () => ({}) }));
const { listFailureKey, listIdFromPath } = await import('./saved-lists');

const failure = (code: ApiFailure['code'], status = 400): ApiFailure => ({ status, code, detail: '', errorList: [] });

describe('saved lists store', () => {
  it('reads the list id of /account/lists/<id>', () => {
    expect(listIdFromPath('/account/lists/12')).toBe(12);
    expect(listIdFromPath('/account/lists/12/')).toBe(12);
    expect(listIdFromPath('/account/lists')).toBeNull();
    expect(listIdFromPath('/account/lists/0')).toBeNull();
    expect(listIdFromPath('/account/lists/abc')).toBeNull();
  });

  it('words a failure by its code: a taken name, a list gone, the network; else the page\'s own words', () => {
    expect(listFailureKey(failure('SavedListNameTaken', 409))).toBe('b2b.lists.nameTaken');
    expect(listFailureKey(failure('NotFound', 404))).toBe('b2b.lists.notFound');
    expect(listFailureKey(failure('NetworkError', 0))).toBe('errors.network');
    expect(listFailureKey(failure('TradeCustomersOnly', 403))).toBe('errors.tradeCustomersOnly');
    expect(listFailureKey(failure('Unexpected', 500), 'b2b.lists.loadFailed')).toBe('b2b.lists.loadFailed');
  });
});
