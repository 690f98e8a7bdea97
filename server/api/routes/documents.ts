// Downloads (spec: documents/): public documents for everyone, plus a customer's own.
import { DOCUMENT_ORDER_FIELDS } from '../../../src/lib/contract/catalogue-extras';
import { parseOrderBy } from '../../../src/lib/contract/ordering';
import { assertVisible } from '../../auth/permissions';
import { DEFAULT_DOCUMENT_ORDER, documentUrl, findDocument, listDocuments, readPrivateDocument } from '../../catalogue/documents';
import { apiError } from '../errors';
import { requireUser } from '../middleware/auth';
import { defineHandlers } from '../operation-routes';
import { viewingCustomerOf } from '../viewing-customer';

export const documentsHandlers = defineHandlers({
  listDocuments: async (c, { query: q }) => {
    let ordering = DEFAULT_DOCUMENT_ORDER;
    if (q.order_by) {
      const parsed = parseOrderBy(q.order_by, DOCUMENT_ORDER_FIELDS);
      if (!parsed.ok) throw apiError('InvalidOrderBy', [{ field: 'order_by', code: 'invalid', message: parsed.message }]);
      ordering = parsed.value;
    }
    // The same rule as prices: a customer's own, or the one an agent (or the customer) names.
    const customerId = await viewingCustomerOf(c, q.customer);
    return listDocuments(c.get('deps').db, { locale: c.get('locale'), customerId, category: q.category }, { page: q.page, pageSize: q.page_size }, ordering);
  },

  /** A customer's own document (price lists...): only for who may act for that customer. */
  downloadDocument: async (c, { params: { id } }) => {
    const { db, privateFilesDir } = c.get('deps');
    const doc = await findDocument(db, id);
    if (doc.customerId === null) return c.redirect(documentUrl(doc), 302);
    await assertVisible(db, requireUser(c), doc.customerId);
    const content = await readPrivateDocument(privateFilesDir, doc);
    return c.body(content, 200, {
      'Content-Type': doc.mimeType,
      'Content-Disposition': `attachment; filename="${doc.fileName.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    });
  },
});
