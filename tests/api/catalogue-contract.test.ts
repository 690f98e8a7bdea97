// The catalogue and content calls as the published contract describes them (ADR 0018): the
// paths the router really serves and the shapes it really answers, not `{type: object}`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../support/test-shop';

type Json = Record<string, unknown>;
type Doc = { paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { content?: Record<string, { schema: Json }> }> }>> };

let shop: TestShop;
let doc: Doc;
beforeAll(async () => {
  shop = await openTestShop();
  doc = (await shop.json<Doc>('openapi.json')).body;
});
afterAll(() => shop?.close());

const jsonAnswer = (path: string) => doc.paths[path]!.get!.responses['200']!.content!['application/json']!.schema;

describe('the catalogue in the published contract', () => {
  it('names the blog post by the key the route reads (an id or a slug), not {id}', async () => {
    expect(doc.paths['/blog/{key}/']?.get?.operationId).toBe('getBlogPost');
    expect(doc.paths['/blog/{id}/']).toBeUndefined();
    const list = await shop.json<{ results: { id: number; slug: string }[] }>('blog/');
    const post = list.body.results[0]!;
    expect((await shop.json<{ id: number }>(`blog/${post.slug}/`)).body.id).toBe(post.id);
    expect((await shop.json<{ slug: string }>(`blog/${post.id}/`)).body.slug).toBe(post.slug);
  });

  it('describes the answers field by field', () => {
    const product = jsonAnswer('/products/p/{slug}/');
    expect(Object.keys(product.properties as Json)).toEqual(expect.arrayContaining(['id', 'product_id', 'price', 'variants', 'assets', 'stock_state']));
    const stock = (product.properties as Record<string, Json>).stock_state!;
    expect(stock.enum).toEqual(['available', 'low', 'backorder', 'unavailable']);
    const list = jsonAnswer('/products/p/').properties as Record<string, Json>;
    expect(list.count).toEqual({ type: 'number' });
    expect(Object.keys(jsonAnswer('/config/system/{key}/').properties as Json).sort()).toEqual(['key', 'value']);
  });

  it('declares the spec\'s fatal 500 of an unknown setting', () => {
    const responses = doc.paths['/config/system/{key}/']!.get!.responses as Record<string, { description?: string }>;
    expect(responses['500']?.description).toContain('Unexpexted error');
    expect(responses['500']?.description).toContain('SettingNotFound');
  });

  it('documents a download as a file, not JSON', () => {
    const ok = doc.paths['/documents/{id}/file/']!.get!.responses['200']!;
    expect(Object.keys(ok.content ?? {})).toEqual(['application/octet-stream']);
  });
});
