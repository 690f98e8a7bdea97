// The layer rules of eslint.config.js (ADR 0019) bite: each forbidden import is an error in its
// zone, and the same line is accepted where the layers allow it. The fixtures are linted as if
// they were files at those paths; none is written to disk.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/config';

const RULE = '@typescript-eslint/no-restricted-imports';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT_DIR });
});

/** The layer-rule messages ESLint gives for `code` placed at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [];\n`, { filePath: path.join(ROOT_DIR, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

interface Case {
  rule: string;
  code: string;
  forbiddenIn: string;
  /** The message says why (a word of it). */
  says: string;
  allowedIn: string;
}

const cases: Case[] = [
  {
    rule: 'domain code never imports the API layer',
    code: "import { apiError } from '../api/errors';\nvoid apiError;",
    forbiddenIn: 'server/orders/fixture.ts',
    says: 'shopError',
    allowedIn: 'server/http/fixture.ts',
  },
  {
    rule: 'domain code never imports Hono',
    code: "import type { Context } from 'hono';\nexport type C = Context;",
    forbiddenIn: 'server/catalogue/fixture.ts',
    says: 'transport-neutral',
    allowedIn: 'server/api/fixture.ts',
  },
  {
    rule: 'an island imports a valibot value from a contract schema module only as a type',
    code: "import { CartRowBodySchema } from '../lib/contract/cart';\nvoid CartRowBodySchema;",
    forbiddenIn: 'src/islands/fixture.tsx',
    says: 'types only',
    // Astro endpoints run on the server: contract values are fine there.
    allowedIn: 'src/pages/fixture.ts',
  },
  {
    rule: 'a route file never queries tables',
    code: "import { carts } from '../../db/schema';\nvoid carts;",
    forbiddenIn: 'server/api/routes/fixture.ts',
    says: 'domain functions',
    allowedIn: 'server/cart/queries/fixture.ts',
  },
  {
    rule: 'a route file never imports drizzle-orm',
    code: "import { eq } from 'drizzle-orm';\nvoid eq;",
    forbiddenIn: 'server/api/routes/fixture.ts',
    says: 'never tables',
    allowedIn: 'server/cart/fixture.ts',
  },
  {
    rule: 'serving code never imports the seed',
    code: "import { demoSeed } from './seed/seed';\nvoid demoSeed;",
    forbiddenIn: 'server/serve.ts',
    says: 'demo seed',
    allowedIn: 'server/start.ts',
  },
  {
    rule: 'the HTTP edge never imports the seed',
    code: "import { DEMO_LOGINS } from '../seed/people';\nvoid DEMO_LOGINS;",
    forbiddenIn: 'server/http/fixture.ts',
    says: 'demo seed',
    allowedIn: 'server/users/fixture.ts',
  },
  {
    rule: 'the contract never imports the storefront',
    code: "import { $cart } from '../stores/cart';\nvoid $cart;",
    forbiddenIn: 'src/lib/contract/fixture.ts',
    says: 'only valibot and each other',
    allowedIn: 'src/lib/page-data/fixture.ts',
  },
  {
    rule: 'the shared rules import no package but valibot',
    code: "import { eq } from 'drizzle-orm';\nvoid eq;",
    forbiddenIn: 'src/lib/rules/fixture.ts',
    says: 'only valibot and each other',
    allowedIn: 'server/orders/fixture.ts',
  },
  {
    rule: 'the storefront never imports server code',
    code: "import { shopError } from '../../../server/shop-errors';\nvoid shopError;",
    forbiddenIn: 'src/lib/stores/fixture.ts',
    says: 'through src/lib/api',
    // Tests may import anything.
    allowedIn: 'tests/unit/deep/fixture.ts',
  },
  {
    rule: 'the database schema imports from src/ only the contract and the rules',
    code: "import type { Locale } from '../../../src/lib/i18n/locales';\nexport type L = Locale;",
    forbiddenIn: 'server/db/schema/fixture.ts',
    says: 'database schema',
    allowedIn: 'server/db/fixture/deep.ts',
  },
];

describe('layer rules', () => {
  it.each(cases)('$rule', async ({ code, forbiddenIn, says, allowedIn }) => {
    const errors = await layerErrors(forbiddenIn, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
    expect(errors[0]).toContain('0019');
    expect(await layerErrors(allowedIn, code)).toEqual([]);
  });

  it('lets the browser import types from schema modules and values from valibot-free ones', async () => {
    const island = 'src/islands/fixture.tsx';
    expect(await layerErrors(island, "import type { CartRow } from '../lib/contract/cart';\nexport type R = CartRow;")).toEqual([]);
    expect(await layerErrors(island, "import { type CartRow } from '../lib/contract/cart';\nexport type R = CartRow;")).toEqual([]);
    expect(await layerErrors(island, "import { ORDER_STATUSES } from '../lib/contract/constants';\nvoid ORDER_STATUSES;")).toEqual([]);
    expect(await layerErrors(island, "import { accountRoutes } from '../lib/contract/routes/accounts';\nvoid accountRoutes;")).toEqual([]);
    expect(await layerErrors('src/lib/fixture.ts', "import { LOCALES } from './contract/common';\nvoid LOCALES;")).toHaveLength(1);
  });

  it('lets the contract import its own modules, the shared rules and valibot', async () => {
    const file = 'src/lib/contract/operations/fixture.ts';
    expect(await layerErrors(file, "import * as v from 'valibot';\nimport { IdSchema } from '../common';\nimport { lineTotal } from '../../rules/cart';\nvoid v; void IdSchema; void lineTotal;")).toEqual([]);
    expect(await layerErrors(file, "import { t } from '../../i18n/t';\nvoid t;")).toHaveLength(1);
  });
});

describe('valibot-free contract modules', () => {
  it('import no valibot value and value-import only each other', async () => {
    const config = (await import(pathToFileURL(path.join(ROOT_DIR, 'eslint.config.js')).href)) as { PLAIN_CONTRACT_MODULES: string[] };
    const plain = new Set(config.PLAIN_CONTRACT_MODULES);
    expect(plain.size).toBeGreaterThan(0);
    for (const name of plain) {
      const base = path.join(ROOT_DIR, 'src/lib/contract', name);
      const file = existsSync(`${base}.ts`) ? `${base}.ts` : path.join(base, 'index.ts');
      const source = readFileSync(file, 'utf8');
      // Value imports (and re-exports), type-only ones left out.
      const valueImports = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+'([^']+)'/gm)]
        .filter((m) => !/^(?:import|export)\s+\{\s*(?:type\s+\w+\s*,?\s*)+\}/.test(m[0]))
        .map((m) => m[1]!);
      for (const spec of valueImports) {
        expect(spec, `${name}.ts imports ${spec}`).not.toBe('valibot');
        if (spec.startsWith('.')) {
          const target = path.relative(path.join(ROOT_DIR, 'src/lib/contract'), path.resolve(path.dirname(file), spec)).replaceAll('\\', '/');
          if (target.startsWith('../rules/')) {
            // The shared rules are plain functions; the browser may take values from those that do not use valibot.
            const rule = readFileSync(path.resolve(path.dirname(file), `${spec}.ts`), 'utf8');
            expect(/^import\s+(?!type\b)[^;]*from\s+'valibot'/m.test(rule), `${name}.ts value-imports ${spec}, which uses valibot`).toBe(false);
          } else expect(plain.has(target), `${name}.ts value-imports ${spec}, which is not in PLAIN_CONTRACT_MODULES`).toBe(true);
        }
      }
    }
  });
});
