import tseslint from 'typescript-eslint';

// Import rules between the layers (ADR 0019). Each zone lists what its files must not import,
// matched on the import as written: relative paths are matched by the folder names they reach
// (`../api/…`, `../../server/…`), which the layout keeps unambiguous. tests/ and *.test.ts may
// import anything. tests/unit/layers.test.ts proves that every zone's rule bites.

const ADR = 'see docs/adr/0019-layers.md';
const TESTS = ['tests/**', '**/*.test.ts', '**/*.test.tsx'];

/**
 * Contract modules without valibot values: the browser may import values from these (route table,
 * operation helpers, shared constants). Every other contract module is a schema module, which the
 * browser imports for types only, or each page would ship valibot. Keep the list in step with
 * the modules (tests/unit/layers.test.ts checks that each one listed imports no valibot value).
 */
export const PLAIN_CONTRACT_MODULES = ['routes', 'routes/accounts', 'routes/catalogue', 'routes/ordering', 'routes/sign-up', 'routes/b2b-ordering', 'routes/index', 'operation', 'operation-io', 'page-blocks', 'constants', 'ordering', 'locales', 'error-codes', 'countries', 'sign-up-codes', 'b2b-codes'];

const SERVER = { regex: '(^|/)server(/|$)', message: `The storefront never imports server code: it talks to the API through src/lib/api (${ADR}).` };
const SEED = { regex: '(^|/)seed(/|$)', message: `Serving code never imports the demo seed: the demo starters (server/start.ts, server/build.ts) pass it to openShop as \`prepare\` (${ADR}).` };
const API = { regex: '^(\\.\\.?/)+api(/|$)', message: `Domain code never imports the API layer: throw shopError() from server/shop-errors.ts, take an AuthUser from server/auth/auth-user.ts (${ADR}).` };
const HONO = { regex: '^(hono|@hono/.*)(/|$)', message: `Domain code is transport-neutral: no Hono here, take plain values (${ADR}).` };

/** Contract and shared rules: a leaf, importing only each other and valibot. */
const leafPatterns = (up) => [
  { regex: '^(?!valibot$|\\.)', message: `The contract and the shared rules import only valibot and each other (${ADR}).` },
  { regex: `^${up}\\.\\./(?!(contract|rules)(/|$))`, message: `The contract and the shared rules import only valibot and each other (${ADR}).` },
];

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.data/', 'node_modules/', 'tests/.tmp/', 'server/db/migrations/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    name: 'layers/contract-and-rules',
    files: ['src/lib/contract/*.ts', 'src/lib/rules/*.ts'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: leafPatterns('') }] },
  },
  {
    name: 'layers/contract-and-rules-nested',
    files: ['src/lib/contract/*/*.ts', 'src/lib/rules/*/*.ts'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: leafPatterns('\\.\\./') }] },
  },
  {
    name: 'layers/browser',
    files: ['src/islands/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'src/lib/contract/**', 'src/lib/rules/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          SERVER,
          {
            regex: `(^|/)contract/(?!(${PLAIN_CONTRACT_MODULES.join('|')})$)`,
            allowTypeImports: true,
            message: `The browser imports contract schema modules for types only (\`import type\`), or every page ships valibot; values come from valibot-free modules (routes/, operation.ts, constants) (${ADR}).`,
          },
        ],
      }],
    },
  },
  {
    // Astro endpoints and page frontmatter run on the server (build, on-demand render): contract
    // values are fine there, server code is not (the site may be built against another backend).
    name: 'layers/pages',
    files: ['src/pages/**/*.ts'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVER] }] },
  },
  {
    name: 'layers/domain',
    files: ['server/**/*.ts'],
    ignores: [...TESTS, 'server/api/**', 'server/http/**', 'server/db/schema/**', 'server/runtime.ts', 'server/serve.ts', 'server/dev.ts', 'server/main.ts', 'server/start.ts', 'server/build.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [API, HONO] }] },
  },
  {
    name: 'layers/schema',
    files: ['server/db/schema/**/*.ts'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [API, HONO, { regex: '(^|/)src/(?!lib/(contract|rules)(/|$))', message: `The database schema imports from src/ only the contract and the shared rules (${ADR}).` }],
      }],
    },
  },
  {
    name: 'layers/api-routes',
    files: ['server/api/routes/**/*.ts'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)db/schema(/|$)', message: `Route handlers call domain functions, never tables: move the query into server/<capability>/ (${ADR}).` },
          { regex: '^drizzle-orm(/|$)', message: `Route handlers call domain functions, never tables: move the query into server/<capability>/ (${ADR}).` },
        ],
      }],
    },
  },
  {
    name: 'layers/serving',
    files: ['server/runtime.ts', 'server/serve.ts', 'server/dev.ts', 'server/main.ts', 'server/http/**/*.ts'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SEED] }] },
  },
);
