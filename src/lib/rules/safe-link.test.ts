import { describe, expect, it } from 'vitest';
import { isSafeHref, safeHref, safeRedirectPath } from './safe-link';

describe('safeRedirectPath', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeRedirectPath('/p?search=tappi')).toBe('/p?search=tappi');
    expect(safeRedirectPath('/account/orders?page=2#top')).toBe('/account/orders?page=2#top');
    expect(safeRedirectPath('/%09/evil')).toBe('/%09/evil');
  });

  it.each([
    ['tab', '/\t/evil.example'],
    ['CR', '/\r/evil.example'],
    ['LF', '/\n/evil.example'],
    ['CR LF', '/\r\n/evil.example'],
    ['the issue reproducer, decoded from ?next=%2F%09%2Fevil.example', decodeURIComponent('%2F%09%2Fevil.example')],
    ['protocol-relative', '//evil.example'],
    ['backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['backslash after a tab', '/\t\\evil.example'],
    ['leading space', ' //evil.example'],
    ['dot segment to a host', '/.//evil.example'],
    ['parent segment to a host', '/a/..//evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['mixed case javascript', 'JaVaScRiPt:alert(1)'],
    ['javascript split by a tab', 'java\tscript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'account'],
  ])('refuses %s', (_name, next) => {
    expect(safeRedirectPath(next)).toBe('/');
  });

  it('answers the fallback when there is nothing to follow', () => {
    expect(safeRedirectPath(null, '/p')).toBe('/p');
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath('')).toBe('/');
    expect(safeRedirectPath('//evil.example', '/p')).toBe('/p');
  });

  it('answers the path as the browser will read it', () => {
    expect(safeRedirectPath('/ca\trt')).toBe('/cart');
    expect(safeRedirectPath('/a/../cart')).toBe('/cart');
  });
});

describe('safeHref', () => {
  it.each([
    ['https', 'https://example.com/page'],
    ['http', 'http://example.com/'],
    ['mailto', 'mailto:info@vinoshop.example'],
    ['tel', 'tel:+390173000000'],
    ['site path', '/c/vini?page=2'],
    ['relative path', 'chi-siamo'],
    ['fragment', '#slide-2'],
    ['query', '?lan=en'],
  ])('keeps a %s link', (_name, href) => {
    expect(safeHref(href)).toBe(href);
  });

  it.each([
    ['javascript', 'javascript:alert(document.cookie)'],
    ['mixed case javascript', 'JaVaScRiPt:alert(1)'],
    ['javascript split by a tab', 'java\tscript:alert(1)'],
    ['javascript split by CR LF', 'java\r\nscript:alert(1)'],
    ['javascript after spaces and controls', ' \u0001javascript:alert(1)'],
    ['data', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['blob', 'blob:https://shop.example/1'],
    ['file', 'file:///etc/passwd'],
    ['empty', ''],
    ['blank', ' \t '],
    ['protocol-relative', '//evil.example/page'],
    ['backslash protocol-relative', '/\\evil.example'],
    ['protocol-relative after a tab', '/\t/evil.example'],
  ])('refuses a %s link', (_name, href) => {
    expect(safeHref(href)).toBeNull();
    expect(isSafeHref(href)).toBe(false);
  });

  it('writes the link as the browser reads it', () => {
    expect(safeHref('  https://example.com/a\tb ')).toBe('https://example.com/ab');
    expect(safeHref(undefined)).toBeNull();
  });
});
