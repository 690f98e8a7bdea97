import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type ApiResult } from '../api/result';
import type { ShopDocument } from '../contract/catalogue-extras';

const call = vi.fn<(...args: unknown[]) => Promise<ApiResult<unknown>>>();
vi.mock('../api/call', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('../api/client', () => ({ createClient: () => ({}) }));

const { $documents, groupByCategory, isPrivateDocument, loadDocuments } = await import('./account-documents');

const doc = (id: number, category: ShopDocument['category'], customer: number | null = null) =>
  ({ id, category, title: `D${id}`, description: '', file_name: `d${id}.pdf`, url: '', mime_type: 'application/pdf', size_bytes: 1, customer, created_at: '' }) as ShopDocument;

beforeEach(() => call.mockReset());

describe('documents', () => {
  it('reads every page', async () => {
    call
      .mockResolvedValueOnce(ok({ results: Array.from({ length: 100 }, (_, i) => doc(i + 1, 'catalogue')), count: 101 }))
      .mockResolvedValueOnce(ok({ results: [doc(101, 'manual', 2)], count: 101 }));
    await loadDocuments();
    expect(call).toHaveBeenCalledTimes(2);
    expect(call).toHaveBeenLastCalledWith({}, 'listDocuments', { query: { customer: undefined, page: 2, page_size: 100 } });
    expect($documents.get()).toMatchObject({ ready: true, error: null });
    expect($documents.get().results).toHaveLength(101);
  });

  it('says when they cannot be read', async () => {
    call.mockResolvedValue(fail(500, 'x'));
    await loadDocuments();
    expect($documents.get()).toMatchObject({ results: [], error: 'errors.documentsLoadFailed' });
  });

  it('groups by category and tells own documents', () => {
    const groups = groupByCategory([doc(1, 'manual'), doc(2, 'catalogue'), doc(3, 'manual', 4)]);
    expect(groups.map(([c, d]) => [c, d.map((x) => x.id)])).toEqual([['manual', [1, 3]], ['catalogue', [2]]]);
    expect(isPrivateDocument(doc(3, 'manual', 4))).toBe(true);
  });
});
