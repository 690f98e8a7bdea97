// Downloads (spec sections 2 and 7, documents/): the shop's public documents and the customer's
// own (price lists...). Public files are plain links; the customer's own need the token, so they
// are fetched through the API and saved from a blob.
import { atom } from 'nanostores';
import { call } from '../api/call';
import type { DocumentCategory, ShopDocument } from '../contract/catalogue-extras';
import { failureMessageKey } from '../errors/api-messages';
import { saveFile } from './account-files';
import { $customer, sessionClient } from './session';

export interface DocumentsState {
  results: ShopDocument[];
  loading: boolean;
  error: string | null;
  ready: boolean;
}

export const $documents = atom<DocumentsState>({ results: [], loading: false, error: null, ready: false });

const PAGE_SIZE = 100;

/** Reads every document the customer may see (public and own), in pages of 100. */
export async function loadDocuments(): Promise<void> {
  $documents.set({ ...$documents.get(), loading: true, error: null });
  const customer = $customer.get()?.id;
  const all: ShopDocument[] = [];
  for (let page = 1; page <= 20; page++) {
    const result = await call(sessionClient(), 'listDocuments', { query: { customer, page, page_size: PAGE_SIZE } });
    if (!result.ok) {
      $documents.set({ results: [], loading: false, ready: true, error: failureMessageKey('documents', result.error) });
      return;
    }
    all.push(...result.data.results);
    if (all.length >= result.data.count || result.data.results.length === 0) break;
  }
  $documents.set({ results: all, loading: false, ready: true, error: null });
}

/** Documents by category, in the order categories first appear. */
export function groupByCategory(documents: readonly ShopDocument[]): [DocumentCategory, ShopDocument[]][] {
  const groups = new Map<DocumentCategory, ShopDocument[]>();
  for (const doc of documents) groups.set(doc.category, [...(groups.get(doc.category) ?? []), doc]);
  return [...groups.entries()];
}

export const isPrivateDocument = (doc: ShopDocument) => doc.customer !== null;

/** Saves a customer's own document (the call carries the token). Answers an `errors.*` key on failure. */
export async function downloadPrivateDocument(doc: ShopDocument): Promise<string | null> {
  const file = await call(sessionClient(), 'downloadDocument', { params: { id: doc.id } });
  if (!file.ok) return failureMessageKey('documents', file.error);
  saveFile(file.data);
  return null;
}
