import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hotKey, keepHot, sendHot } from './hot-pages';

const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, method, headers }) as unknown as IncomingMessage;
const res = () => {
  const sent: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  const response = {
    writeHead(status: number, headers: Record<string, string>) {
      sent.status = status;
      sent.headers = headers;
    },
    end(body: Buffer) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  return { response, sent };
};

describe('hot pages', () => {
  it('keys plain GETs by language, encoding and address; never conditional, HEAD or query requests', () => {
    expect(hotKey(req('/p/tappo', { 'accept-encoding': 'gzip, br' }), 'it', 'en')).toEqual({ url: '/p/tappo', variant: 'en br' });
    expect(hotKey(req('/p/tappo', { 'accept-encoding': 'gzip', cookie: 'x=1; lan=es' }), 'it')).toEqual({ url: '/p/tappo', variant: 'es gz' });
    expect(hotKey(req('/p/tappo', { cookie: 'plan=en; lan=xx' }), 'it')).toEqual({ url: '/p/tappo', variant: 'it id' });
    expect(hotKey(req('/p/tappo', { cookie: 'lan=en' }), 'it')).toEqual({ url: '/p/tappo', variant: 'en id' });
    expect(hotKey(req('/p/tappo', { 'if-none-match': 'W/"1"' }), 'it')).toBeNull();
    expect(hotKey(req('/p/tappo', {}, 'HEAD'), 'it')).toBeNull();
    expect(hotKey(req('/p/tappo?lan=en'), 'it')).toBeNull();
  });

  it('answers a kept page whole, and never one that set a cookie', () => {
    const key = hotKey(req('/p/hot-one'), 'es');
    const miss = res();
    expect(sendHot(miss.response, key)).toBe(false);
    keepHot(key, { 'Content-Type': 'text/html', 'X-Shop-Page': 'prerendered' }, Buffer.from('<p>hola</p>'));
    const hit = res();
    expect(sendHot(hit.response, key)).toBe(true);
    expect(hit.sent.status).toBe(200);
    expect(hit.sent.headers?.['X-Shop-Page']).toBe('prerendered');
    expect(hit.sent.body?.toString()).toBe('<p>hola</p>');

    const cookieKey = hotKey(req('/home-en'), 'it');
    keepHot(cookieKey, { 'Set-Cookie': 'lan=en' }, Buffer.from('x'));
    expect(sendHot(res().response, cookieKey)).toBe(false);
  });
});
