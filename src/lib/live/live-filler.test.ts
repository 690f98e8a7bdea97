// The static badge filler, on a tiny stand-in for the DOM (the unit tests run without one).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../api/result';
import { memoryStorage } from '../browser/storage';
import { configureSession } from '../stores/session';
import { badgeFillerAsksFor, startLiveFiller } from './live-filler';
import { configureLiveLoader, type FetchLive } from './live-products';

const TEXTS = { available: 'Disponibile', low: 'Ultimi pezzi', backorder: 'Ordinabile', unavailable: 'Non disponibile' };

class FakeBadge {
  className = '';
  textContent = '\u00a0';
  dataset: Record<string, string | undefined>;
  attributes = new Map<string, string>([['aria-busy', 'true']]);
  constructor(id: number, readonly inIsland = false) {
    this.dataset = { liveStock: String(id) };
  }
  closest(selector: string) {
    return selector === 'astro-island' && this.inIsland ? {} : null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
}

function fakeRoot(badges: FakeBadge[], texts: unknown = TEXTS) {
  return {
    querySelectorAll: (selector: string) => (selector === '[data-live-stock]' ? badges : []),
    querySelector: (selector: string) => (selector === '[data-live-stock-text]' ? { textContent: JSON.stringify(texts) } : null),
  } as unknown as ParentNode;
}

let pending: (() => void)[] = [];
async function settle() {
  while (pending.length) {
    const runs = pending;
    pending = [];
    runs.forEach((run) => run());
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

beforeEach(() => {
  pending = [];
  configureSession({ storage: memoryStorage() });
  configureLiveLoader({ reset: true, schedule: (run) => void pending.push(run) });
});

const product = (id: number, quantity: number, backorder = false) => ({
  id,
  quantity,
  is_backorderable: backorder,
  stock_state: quantity > 5 ? ('available' as const) : quantity > 0 ? ('low' as const) : backorder ? ('backorder' as const) : ('unavailable' as const),
  price: { standard_price: 1, special_price: null, price: 1, vat_rate: 22, vat_included: true, shown_price: 1.22 },
  variants: [],
});

describe('startLiveFiller', () => {
  it('fills every static badge from one call, and leaves island badges to React', async () => {
    const fetchLive = vi.fn<FetchLive>(async () => ok({ results: [product(1, 20), product(2, 0, true), product(3, 0)], count: 3 }));
    configureLiveLoader({ fetchLive });
    const a = new FakeBadge(1);
    const b = new FakeBadge(2);
    const c = new FakeBadge(3);
    const again = new FakeBadge(1);
    const island = new FakeBadge(4, true);
    startLiveFiller(fakeRoot([a, b, c, again, island]));
    expect(a.attributes.get('aria-busy')).toBe('true');
    await settle();
    expect(fetchLive).toHaveBeenCalledTimes(1);
    expect(fetchLive.mock.calls[0]![0]).toEqual({ ids: '1,2,3' });
    expect([a, b, c, again].map((el) => [el.textContent, el.dataset.stockState])).toEqual([
      ['Disponibile', 'available'],
      ['Ordinabile', 'backorder'],
      ['Non disponibile', 'unavailable'],
      ['Disponibile', 'available'],
    ]);
    expect(a.attributes.has('aria-busy')).toBe(false);
    expect(a.className).toContain('text-success-strong');
    expect(island.textContent).toBe('\u00a0');
  });

  it('leaves badges neutral (empty, no longer busy) when the call fails', async () => {
    configureLiveLoader({ fetchLive: async () => fail(500, 'Unknown server error') });
    const a = new FakeBadge(1);
    startLiveFiller(fakeRoot([a]));
    await settle();
    expect(a.textContent).toBe('\u00a0');
    expect(a.dataset.stockState).toBeUndefined();
    expect(a.attributes.has('aria-busy')).toBe(false);
  });

  it('asks nothing on a page without static badges', async () => {
    const fetchLive = vi.fn<FetchLive>();
    configureLiveLoader({ fetchLive });
    startLiveFiller(fakeRoot([new FakeBadge(9, true)]));
    await settle();
    expect(fetchLive).not.toHaveBeenCalled();
  });
});

describe('badgeFillerAsksFor', () => {
  it('is true only for a product with a static badge on a page that has the badge texts', () => {
    const page = fakeRoot([new FakeBadge(7), new FakeBadge(8, true)]);
    expect(badgeFillerAsksFor(7, page)).toBe(true);
    // A badge inside an island is the island's own; another product has no badge here.
    expect(badgeFillerAsksFor(8, page)).toBe(false);
    expect(badgeFillerAsksFor(9, page)).toBe(false);
    // Without the texts the filler does not start, so it asks for nothing.
    expect(badgeFillerAsksFor(7, fakeRoot([new FakeBadge(7)], null))).toBe(false);
  });
});
