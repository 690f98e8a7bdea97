// A seeded demo shop behind the API, for API tests (no server, no media files).
import { createApi, type ShopApi } from '../../server/api/app';
import { seedDemoShop } from '../../server/seed/seed';
import { openTestDatabase, type TestDatabase } from './test-db';

export interface TestShop {
  database: TestDatabase;
  api: ShopApi;
  /** GET/POST… a path under /api/v3/client. */
  call(path: string, init?: RequestInit): Promise<Response>;
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export const API = '/api/v3/client';

export async function openTestShop(): Promise<TestShop> {
  const database = await openTestDatabase();
  await seedDemoShop(database.db);
  const api = createApi({ db: database.db, publicSiteUrl: 'http://localhost:4321' });
  const call = (path: string, init?: RequestInit) => Promise.resolve(api.request(path.startsWith('/api/') ? path : `${API}/${path.replace(/^\//, '')}`, init));
  return {
    database,
    api,
    call,
    async json<T>(path: string, init?: RequestInit) {
      const response = await call(path, init);
      return { status: response.status, body: (await response.json()) as T };
    },
    close: () => database.destroy(),
  };
}
