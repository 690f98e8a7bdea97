// The ordering calls as the published contract describes them (ADR 0018): the statuses they
// really answer and the shapes of their answers, not the `{type: 'object'}` of the hand-kept list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestShop, type TestShop } from '../support/test-shop';

interface DocOperation {
  operationId?: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown>; required?: string[] } }> }>;
}
type Doc = { paths: Record<string, Record<string, DocOperation>> };

let shop: TestShop;
let doc: Doc;
beforeAll(async () => {
  shop = await openTestShop();
  doc = (await shop.json<Doc>('openapi.json')).body;
});
afterAll(() => shop?.close());

const schemaOf = (op: DocOperation, status: string) => op.responses[status]?.content?.['application/json']?.schema;

describe('the ordering operations in openapi.json', () => {
  it('documents the 201 of an added cart row and of a placed order, with their answers', () => {
    const setRow = doc.paths['/carts/rows/']!.post!;
    expect(setRow.operationId).toBe('setCartRow');
    expect(Object.keys(schemaOf(setRow, '201')?.properties ?? {}).sort()).toEqual(['cart', 'removed', 'row']);

    const place = doc.paths['/checkout/']!.post!;
    expect(place.operationId).toBe('placeOrder');
    expect(schemaOf(place, '201')?.properties).toHaveProperty('status_history');
    expect(schemaOf(place, '201')?.properties).toHaveProperty('documents');
    expect(place.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
  });

  it('documents the order document as a PDF and the order history as a page of orders', () => {
    const document = doc.paths['/orders/doc/']!.get!;
    expect(document.responses['200']?.content).toHaveProperty(['application/pdf']);
    const list = schemaOf(doc.paths['/orders/']!.get!, '200');
    expect(list?.required).toEqual(expect.arrayContaining(['results', 'count']));
  });

  it('documents the coupon answer and the cart header of its removal', () => {
    expect(Object.keys(schemaOf(doc.paths['/promotions/coupons/apply/']!.post!, '200')?.properties ?? {}).sort()).toEqual(['code', 'discount', 'final_price', 'type', 'value']);
    expect(schemaOf(doc.paths['/promotions/coupons/apply/']!.delete!, '200')?.properties).toHaveProperty('final_price_with_vat');
  });
});
