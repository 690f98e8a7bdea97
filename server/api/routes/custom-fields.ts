// Custom field definitions with their values (spec: product, variant, user, category fields).
import type { Context } from 'hono';
import type { CustomFieldTarget } from '../../../src/lib/contract/catalogue-extras';
import { customFieldDefinitions } from '../../catalogue/custom-field-definitions';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { defineHandlers } from '../operation-routes';

async function fieldsOf(c: Context<ApiEnv>, target: CustomFieldTarget) {
  const results = await customFieldDefinitions(c.get('deps').db, c.get('locale'), { target });
  return { results, count: results.length };
}

export const customFieldsHandlers = defineHandlers({
  listProductCustomFields: (c, { query: q }) => fieldsOf(c, q.type === 'pp' ? 'variant' : 'product'),
  listUserCustomFields: (c) => fieldsOf(c, 'user'),
  listCategoryCustomFields: (c) => fieldsOf(c, 'category'),

  getCustomField: async (c, { params: { id } }) => {
    const [field] = await customFieldDefinitions(c.get('deps').db, c.get('locale'), { id });
    if (!field) throw apiError('NotFound');
    return field;
  },
});
