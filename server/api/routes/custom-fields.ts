// Custom field definitions with their values (spec: product, variant, user, category fields).
import { Hono } from 'hono';
import * as v from 'valibot';
import { ProductCustomFieldsQuerySchema, type CustomFieldTarget } from '../../../src/lib/contract/catalogue-extras';
import { ContextQuerySchema, IdSchema } from '../../../src/lib/contract/common';
import { customFieldDefinitions } from '../../catalogue/custom-field-definitions';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { parseOrThrow, parseQuery } from '../validation';

export const customFieldsRoutes = new Hono<ApiEnv>({ strict: false });

const PlainQuerySchema = v.object({ ...ContextQuerySchema.entries });

customFieldsRoutes.get('/product', async (c) => {
  const q = parseQuery(c, ProductCustomFieldsQuerySchema);
  const target: CustomFieldTarget = q.type === 'pp' ? 'variant' : 'product';
  const results = await customFieldDefinitions(c.get('deps').db, c.get('locale'), { target });
  return c.json({ results, count: results.length });
});

for (const target of ['user', 'category'] as const) {
  customFieldsRoutes.get(`/${target}`, async (c) => {
    parseQuery(c, PlainQuerySchema);
    const results = await customFieldDefinitions(c.get('deps').db, c.get('locale'), { target });
    return c.json({ results, count: results.length });
  });
}

customFieldsRoutes.get('/:id', async (c) => {
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const [field] = await customFieldDefinitions(c.get('deps').db, c.get('locale'), { id });
  if (!field) throw apiError('NotFound');
  return c.json(field);
});
