import { describe, expect, it, vi } from 'vitest';
import { acceptPreviewMessage, announceReady, pageBuilderOrigin, PREVIEW_READY_MESSAGE } from './preview-message';

const ORIGIN = 'http://localhost:5173';
const doc = {
  id: 3,
  kind: 'page',
  title: 'Chi siamo',
  blocks: [
    { type: 'hero', title: 'Dal 1987', cta: { label: 'Catalogo', href: '/p' } },
    { type: 'heading', level: 2, text: 'Storia' },
    { type: 'products', title: 'Bestseller', customField: { key: 'shop', value: 'bestseller' }, limit: 4 },
    { type: 'coupon', code: 'BENVENUTO10', text: '10%' },
  ],
};

describe('pageBuilderOrigin', () => {
  it('keeps the origin of an http(s) URL only', () => {
    expect(pageBuilderOrigin('http://localhost:5173/editor/')).toBe(ORIGIN);
    expect(pageBuilderOrigin('javascript:alert(1)')).toBeNull();
    expect(pageBuilderOrigin('')).toBeNull();
    expect(pageBuilderOrigin(null)).toBeNull();
  });
});

describe('acceptPreviewMessage', () => {
  it('reads a document from the page builder', () => {
    const accepted = acceptPreviewMessage({ origin: ORIGIN, data: doc }, ORIGIN);
    expect(accepted?.title).toBe('Chi siamo');
    expect(accepted?.blocks).toHaveLength(4);
  });

  it('ignores other origins', () => {
    expect(acceptPreviewMessage({ origin: 'http://evil.example', data: doc }, ORIGIN)).toBeNull();
    expect(acceptPreviewMessage({ origin: 'http://localhost:5174', data: doc }, ORIGIN)).toBeNull();
  });

  it.each([
    ['not an object', 'hello'],
    ['no blocks', { title: 'x' }],
    ['an unknown block', { blocks: [{ type: 'script', src: 'x' }] }],
    ['a heading level out of the format', { blocks: [{ type: 'heading', level: 1, text: 'x' }] }],
    ['a javascript: link', { blocks: [{ type: 'cta', label: 'x', href: 'javascript:alert(1)' }] }],
    ['a protocol-relative link', { blocks: [{ type: 'cta', label: 'x', href: '//evil.example' }] }],
  ])('drops %s', (_what, data) => {
    expect(acceptPreviewMessage({ origin: ORIGIN, data }, ORIGIN)).toBeNull();
  });
});

describe('announceReady', () => {
  it('tells the opener and a framing parent, at the page builder origin only', () => {
    const opener = { postMessage: vi.fn() };
    const parent = { postMessage: vi.fn() };
    const win = { opener, parent, postMessage: vi.fn() };
    announceReady(win as never, ORIGIN);
    expect(opener.postMessage).toHaveBeenCalledWith(PREVIEW_READY_MESSAGE, ORIGIN);
    expect(parent.postMessage).toHaveBeenCalledWith(PREVIEW_READY_MESSAGE, ORIGIN);
  });

  it('posts nothing to itself when it is the top window', () => {
    const win: { opener: null; parent?: unknown; postMessage: ReturnType<typeof vi.fn> } = { opener: null, postMessage: vi.fn() };
    win.parent = win;
    announceReady(win as never, ORIGIN);
    expect(win.postMessage).not.toHaveBeenCalled();
  });
});

describe('PAGE_BUILDER_SITE_KEY', () => {
  it('names the site in the ready message', () => {
    const parent = { postMessage: vi.fn() };
    announceReady({ opener: null, parent, postMessage: vi.fn() } as never, ORIGIN, 'vinoshop-demo');
    expect(parent.postMessage).toHaveBeenCalledWith({ ...PREVIEW_READY_MESSAGE, site: 'vinoshop-demo' }, ORIGIN);
  });

  it('ignores a document for another site, and takes this site\'s or an unnamed one', () => {
    expect(acceptPreviewMessage({ origin: ORIGIN, data: { ...doc, site: 'other-shop' } }, ORIGIN, 'vinoshop-demo')).toBeNull();
    expect(acceptPreviewMessage({ origin: ORIGIN, data: { ...doc, site: 'vinoshop-demo' } }, ORIGIN, 'vinoshop-demo')).not.toBeNull();
    expect(acceptPreviewMessage({ origin: ORIGIN, data: doc }, ORIGIN, 'vinoshop-demo')).not.toBeNull();
  });
});
