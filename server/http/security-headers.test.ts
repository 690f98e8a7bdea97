import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isPreviewPath, keepFramePolicy, pageSecurity, withPolicyMeta } from './security-headers';

/** The headers a response would be written with. */
function recorder() {
  const headers = new Map<string, number | string | readonly string[]>();
  const res = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  } as unknown as ServerResponse;
  return { res, headers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('page security headers', () => {
  it('forbid framing everywhere and send the common headers', () => {
    const security = pageSecurity('http://localhost:4321', async () => null);
    const { res, headers } = recorder();
    security.apply(res, '/p/malto?lan=en');
    expect(headers.get('content-security-policy')).toBe("frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
    expect(headers.has('strict-transport-security')).toBe(false);
  });

  it('send HSTS when the public site is https', () => {
    const { res, headers } = recorder();
    pageSecurity('https://shop.example.com', async () => null).apply(res, '/home');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('let only the page builder frame the editor preview, once the setting is read', async () => {
    const security = pageSecurity('http://localhost:4321', async () => 'http://builder.example:5173/editor');
    await security.refresh();
    for (const url of ['/pgb-editor-preview', '/pgb-editor-preview?lan=en', '/pgb-editor-preview/']) {
      const { res, headers } = recorder();
      security.apply(res, url);
      expect(headers.get('content-security-policy')).toBe("frame-ancestors http://builder.example:5173; object-src 'none'; base-uri 'self'");
      expect(headers.has('x-frame-options')).toBe(false);
    }
    const other = recorder();
    security.apply(other.res, '/pgb-editor-preview-not');
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('keep the preview closed while the setting is empty, unusable or unreadable', async () => {
    for (const read of [async () => null, async () => 'javascript:alert(1)', async () => Promise.reject(new Error('database away'))]) {
      const security = pageSecurity('http://localhost:4321', read);
      await security.refresh();
      await settle();
      const { res, headers } = recorder();
      security.apply(res, '/pgb-editor-preview');
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('knows the preview path in every form a request has', () => {
    expect(isPreviewPath('/pgb-editor-preview')).toBe(true);
    expect(isPreviewPath('/pgb-editor-preview?lan=es')).toBe(true);
    expect(isPreviewPath('/pgb-editor-previewer')).toBe(false);
    expect(isPreviewPath('/home')).toBe(false);
  });
});

describe('policies of rendered pages', () => {
  it('put Astro\'s header policy at the top of the head of the page file', () => {
    const html = Buffer.from('<!doctype html><html lang="it"><head><meta charset="utf-8"><title>x</title></head><body></body></html>');
    const out = withPolicyMeta(html, "script-src 'self' 'sha256-a+b='; style-src 'self' 'unsafe-inline'").toString();
    expect(out).toContain(`<head><meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-a+b='; style-src 'self' 'unsafe-inline'"><meta charset="utf-8">`);
  });

  it('leave a page alone without a policy, without a head, or with its own meta', () => {
    const html = Buffer.from('<html><head><meta http-equiv="content-security-policy" content="x"></head></html>');
    expect(withPolicyMeta(html, "script-src 'self'")).toBe(html);
    expect(withPolicyMeta(Buffer.from('{"a":1}'), "script-src 'self'").toString()).toBe('{"a":1}');
    expect(withPolicyMeta(Buffer.from('<html><head></head></html>'), null).toString()).toBe('<html><head></head></html>');
  });

  it("keep our policy beside Astro's when Astro answers a page itself", () => {
    const { res, headers } = recorder();
    res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
    keepFramePolicy(res);
    res.setHeader('content-security-policy', "script-src 'self'");
    res.setHeader('Content-Type', 'text/html');
    expect(headers.get('content-security-policy')).toEqual(["frame-ancestors 'none'", "script-src 'self'"]);
    expect(headers.get('content-type')).toBe('text/html');
  });
});
