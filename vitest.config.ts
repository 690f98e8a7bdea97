import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code they test (*.test.ts) or under tests/unit; API tests drive the
// Hono app through app.request() on a fresh database per file (PGlite, or PostgreSQL when
// SHOP_TEST_DB=postgres and TEST_DATABASE_URL are set).
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'server/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        // The deployment as a whole: build, two servers, nginx, purge webhook (tests/system/,
        // needs TEST_DATABASE_URL). One build per run, shared by the blocks of one file.
        extends: true,
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 900_000,
          fileParallelism: false,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
