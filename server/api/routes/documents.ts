// Downloads (spec: documents/): public documents for everyone, plus a customer's own.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdSchema } from '../../../src/lib/contract/common';
import { assertVisible } from '../../auth/permissions';
import { documents } from '../../db/schema';
import { requireUser } from '../middleware/auth';
import { DOCUMENT_ORDER_FIELDS, DocumentListQuerySchema } from '../../../src/lib/contract/catalogue-extras';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { viewingCustomer } from '../viewing-customer';
import { DEFAULT_DOCUMENT_ORDER, documentUrl, listDocuments } from '../../catalogue/documents';
import type { ApiEnv } from '../context';
import { apiError } from '../errors';
import { parseOrThrow, parseQuery } from '../validation';

export const documentsRoutes = new Hono<ApiEnv>({ strict: false });

documentsRoutes.get('/', async (c) => {
  const q = parseQuery(c, DocumentListQuerySchema);
  let ordering = DEFAULT_DOCUMENT_ORDER;
  if (q.order_by) {
    const parsed = parseOrderBy(q.order_by, DOCUMENT_ORDER_FIELDS);
    if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
    ordering = parsed.value;
  }
  // The same rule as prices: a customer's own, or the one an agent (or the customer) names.
  const customerId = await viewingCustomer(c, q.customer);
  const list = await listDocuments(c.get('deps').db, { locale: c.get('locale'), customerId, category: q.category }, { page: q.page, pageSize: q.page_size }, ordering);
  return c.json(list);
});

/** A customer's own document (price lists...): only for who may act for that customer. */
documentsRoutes.get('/:id/file', async (c) => {
  const id = parseOrThrow(IdSchema, c.req.param('id'));
  const { db, privateFilesDir } = c.get('deps');
  const [doc] = await db.select().from(documents).where(eq(documents.id, id));
  if (!doc) throw apiError('NotFound');
  if (doc.customerId === null) return c.redirect(documentUrl(doc), 302);
  await assertVisible(db, requireUser(c), doc.customerId);
  const file = privateFilesDir ? path.join(privateFilesDir, 'documents', path.basename(doc.fileName)) : null;
  const content = file ? await readFile(file).catch(() => null) : null;
  if (!content) throw apiError('NotFound', [], 'The file is not available.');
  return c.body(content, 200, {
    'Content-Type': doc.mimeType,
    'Content-Disposition': `attachment; filename="${doc.fileName.replace(/[^\w.-]/g, '_')}"`,
    'Cache-Control': 'private, no-store',
  });
});
