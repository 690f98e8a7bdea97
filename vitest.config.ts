import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests sit beside the code they test (*.test.ts) or under tests/unit; API tests drive the
// Hono app through app.request() on a fresh database per file (PGlite, or PostgreSQL when
// SHOP_TEST_DB=postgres and TEST_DATABASE_URL are set), each a copy of a template migrated and
// seeded once per run (tests/support/test-templates.ts).
const onPostgres = process.env.SHOP_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

// API test files that run on one database only. PGlite is PostgreSQL itself, compiled to wasm:
// the same parser, planner, types and SQL errors. What can differ is what lies between the app
// and the engine: the driver (node-postgres turns values into text and back, PGlite does not),
// the pool and its connections (PGlite has one session, so nothing runs concurrently), timeouts
// and lost connections. A file runs once when nothing it checks passes through that part: its
// answers are decided before any query (validation, routing, headers, the HTTP server) or by
// code that reads the database only to sign in.
// - malformed-input-*: the validation sweep, every documented call with bad values, expecting no
//   5xx; the schemas refuse them before any query, and one that slipped through would meet the
//   same engine error on both. The values the drivers carry differently (NUL, lone surrogates,
//   numbers past the columns) are input-limits' subject, which runs on both.
// - client-proxy: forwards to a fake upstream; the database only signs in.
// - openapi: the document built from the operation declarations and the router's route list.
// - security-headers: headers set by middleware on every answer, whatever the handler did.
// - body-limit-connection: the Node HTTP server refusing oversized bodies on one socket.
// They run on PostgreSQL when the run has it (npm test sets SHOP_TEST_ONCE_ON=postgres for its
// PGlite leg then): the sweeps' signed-in calls reach real handlers, and the same files cost
// less than half the CPU there (42 CPU-s on PGlite, 18 on PostgreSQL, one sitting). Otherwise
// on PGlite. Everything else runs on both, but these two, whose subject is PGlite:
// - import-via-server: the import CLI beside a running shop on the embedded database.
// - pglite-thread: PGlite in a worker thread, as the server runs it.
const ONCE = ['malformed-input-anonymous', 'malformed-input-customer', 'malformed-input-agent', 'client-proxy', 'openapi', 'security-headers', 'body-limit-connection'];
const PGLITE_SUBJECT = ['import-via-server', 'pglite-thread'];
const apiFiles = (names: string[]) => names.map((name) => `tests/api/${name}.test.ts`);
const leftOut = onPostgres ? PGLITE_SUBJECT : process.env.SHOP_TEST_ONCE_ON === 'postgres' ? ONCE : [];

export default defineConfig({
  test: {
    // vitest's default for a run is one worker fewer than the cores: one file at a time on the
    // 2-core CI machine, with the second core idle while PGlite (wasm) computes or the worker
    // waits on PostgreSQL. One worker per core keeps both busy.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'server/**/*.test.ts'],
          // Isolated, unlike the API files: the browser stores are module state, and with one
          // module graph per worker a file met another's leftovers (toasts, a cart listener) in
          // 3 of 6 shuffled orders (ADR 0042).
          environment: 'node',
          // A few unit tests start a tool cold (ESLint with the TypeScript parser in layers.test.ts,
          // UnoCSS over every file of src/ in theme-colours.test.ts): about 2 s alone, past vitest's
          // 5 s when the API files' PGlite workers share the 2 cores. The limit fits the machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...apiFiles(leftOut)],
          globalSetup: ['tests/support/test-templates.ts'],
          environment: 'node',
          // One module graph per worker, not per file: each file still opens its own database
          // (a copy of the template), so what isolation bought here was only a fresh import of
          // the server and PGlite for every file, about a third of the API tests' CPU (PGlite:
          // 339 s wall and 644 CPU-s isolated against 211 s and 396 CPU-s without, in one
          // sitting). The price is a rule: an API test file keeps its state in its database and
          // its own variables; it restores what it spies on and never writes process.env.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The deployment as a whole: build, two servers, nginx, purge webhook, database faults
        // (tests/system/, needs TEST_DATABASE_URL). Two builds per run: the PostgreSQL one that
        // deployment.test.ts tests, and a bounded PGlite one made once by the global setup and
        // shared by the files that need a built site.
        extends: true,
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          globalSetup: ['tests/system/bounded-build.ts'],
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
