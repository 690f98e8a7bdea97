import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type ApiResult } from '../api/result';
import { memoryStorage } from '../browser/storage';
import type { OrderableItem } from '../contract/b2b-ordering';

const call = vi.fn<(client: unknown, name: string, input?: { body?: unknown; query?: unknown }) => Promise<ApiResult<unknown>>>();
const reloadCart = vi.fn(async () => undefined);
vi.mock('../api/client', () => ({ createClient: () => ({}) }));
vi.mock('../api/call', () => ({ call: (client: unknown, name: string, input?: { body?: unknown }) => call(client, name, input) }));
vi.mock('./cart', () => ({ cartOwnerBody: () => ({ customer: 2 }), reloadCart: () => reloadCart() }));

const session = await import('./session');
const store = await import('./quick-order');

const item = (product: number, code: string): OrderableItem => ({
  product, variant: null, code, name: `Product ${product}`, variant_name: null, slug: `p-${product}`, unit: 'pz', image: null, price: 10, vat_rate: 22,
  quantity: 50, is_backorderable: false, stock_state: 'available', is_published: true, orderable: true, max_qty: 50,
});

function signInAs(customerId: number) {
  const storage = memoryStorage();
  storage.setItem(session.AUTH_TOKEN_KEY, 'tok');
  storage.setItem(session.AUTH_TOKEN_EXPIRE_KEY, new Date(Date.now() + 3_600_000).toISOString());
  storage.setItem(session.USER_KEY, JSON.stringify({ id: 9, first_name: 'L', last_name: 'M', email: 'a@b.c', is_agent: true, agent_profile: { id: 1 }, customer_profile: null, must_change_password: false }));
  storage.setItem(session.CUSTOMER_KEY, JSON.stringify({ id: customerId, name: `C${customerId}`, kind: 'b2b' }));
  session.configureSession({ storage });
}

const codes = () => store.$quickOrder.get().rows.map((r) => `${r.code}|${r.qty}`);

describe('quick order store', () => {
  beforeEach(() => {
    call.mockReset();
    reloadCart.mockClear();
    store.configureQuickOrder({ storage: memoryStorage() });
    signInAs(2);
    store.loadQuickOrder();
  });

  it('puts pasted lines into the empty rows, keeps a bad quantity as written, and keeps them per customer', () => {
    expect(store.pasteQuickOrder('A-1;2\nB-2\tx\nC-3')).toEqual({ taken: 3, dropped: 0 });
    expect(codes()).toEqual(['A-1|2', 'B-2|x', 'C-3|', '|']);
    signInAs(3);
    store.loadQuickOrder();
    expect(codes().every((c) => c === '|')).toBe(true);
    signInAs(2);
    store.loadQuickOrder();
    expect(codes()).toEqual(['A-1|2', 'B-2|x', 'C-3|', '|']);
  });

  it('checks the filled rows in one call, by their place in the form, and gives each row its result', async () => {
    store.pasteQuickOrder('A-1;2\nNOPE;1\nA-1;3');
    call.mockResolvedValueOnce(
      ok({
        valid_count: 1,
        lines: [
          { line: 1, code: 'A-1', qty: 5, status: 'ok', message: '', max_qty: 50, merged_into: null, item: item(1, 'A-1') },
          { line: 2, code: 'NOPE', qty: 1, status: 'unknown_code', message: '', max_qty: null, merged_into: null, item: null },
          { line: 3, code: 'A-1', qty: 3, status: 'merged', message: '', max_qty: null, merged_into: 1, item: item(1, 'A-1') },
        ],
      }),
    );
    expect(await store.validateQuickOrder()).toBe(1);
    const [name, input] = [call.mock.calls[0]![1], call.mock.calls[0]![2]];
    expect(name).toBe('validateQuickOrder');
    expect(input!.body).toEqual({ customer: 2, lines: [{ line: 1, code: 'A-1', qty: 2 }, { line: 2, code: 'NOPE', qty: 1 }, { line: 3, code: 'A-1', qty: 3 }] });
    expect(store.$quickOrder.get().rows.map((r) => r.check?.status ?? null)).toEqual(['ok', 'unknown_code', 'merged', null]);
  });

  it('adds the valid rows in one bulk call with the summed quantity, and merged rows share the result', async () => {
    store.pasteQuickOrder('A-1;2\nA-1;3\nB-2;abc');
    call.mockImplementation(async (_client, name) => {
      if (name === 'validateQuickOrder') {
        return ok({
          valid_count: 1,
          lines: [
            { line: 1, code: 'A-1', qty: 5, status: 'ok', message: '', max_qty: 50, merged_into: null, item: item(1, 'A-1') },
            { line: 2, code: 'A-1', qty: 3, status: 'merged', message: '', max_qty: null, merged_into: 1, item: item(1, 'A-1') },
            { line: 3, code: 'B-2', qty: null, status: 'invalid_qty', message: '', max_qty: null, merged_into: null, item: item(2, 'B-2') },
          ],
        });
      }
      if (name === 'getOrCreateCart') return ok({ id: 77 });
      return ok({ lines: [{ line: 1, product: 1, variant: null, requested: 5, added: 5, row_qty: 5, status: 'added', reason: null, max_qty: null }], added_count: 1, refused_count: 0, cart: {} });
    });
    expect(await store.addValidRowsToCart()).toEqual({ added: 1, refused: 0 });
    const bulk = call.mock.calls.find((c) => c[1] === 'addCartRowsBulk')!;
    expect(bulk[2]!.body).toEqual({ cart: 77, lines: [{ product: 1, variant: null, qty: 5 }] });
    expect(store.$quickOrder.get().rows.map((r) => r.added?.status ?? null)).toEqual(['added', 'added', null, null]);
    expect(reloadCart).toHaveBeenCalled();
  });

  it('a row edited while its check was on its way keeps no stale answer', async () => {
    store.pasteQuickOrder('A-1;2');
    let answer: (value: ApiResult<unknown>) => void = () => undefined;
    call.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const checking = store.validateQuickOrder();
    store.setRowCode(store.$quickOrder.get().rows[0]!.key, 'B-2');
    answer(ok({ valid_count: 1, lines: [{ line: 1, code: 'A-1', qty: 2, status: 'ok', message: '', max_qty: null, merged_into: null, item: item(1, 'A-1') }] }));
    await checking;
    expect(store.$quickOrder.get().rows[0]!.check).toBeNull();
  });

  it('takes lines from other pages into the current customer\'s quick order', () => {
    expect(store.appendToQuickOrderDraft([{ code: 'Z-9', qty: 4 }])).toBe(1);
    store.loadQuickOrder();
    expect(codes()).toEqual(['Z-9|4', '|']);
  });
});
