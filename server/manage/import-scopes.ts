// Which API key scope may send each kind of import file through the management API (ADR 0032).
// A kind registered in server/import/kinds.ts is importable over HTTP once it has a line here;
// a test checks that every registered kind has one.
import type { ApiKeyScope } from './api-keys';

export const IMPORT_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  categories: 'catalogue',
  products: 'catalogue',
  customers: 'customers',
  users: 'customers',
  addresses: 'customers',
  'season-prices': 'prices',
};

/** The largest import file the API takes: a real catalogue (10,000 products in three languages is about 15 MB of CSV) fits. */
export const IMPORT_MAX_BODY_BYTES = 20 * 1024 * 1024;

export const importScopeOf = (kind: string): ApiKeyScope | undefined => (Object.hasOwn(IMPORT_SCOPES, kind) ? IMPORT_SCOPES[kind] : undefined);
