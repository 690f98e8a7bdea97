// Downloadable documents: public ones, plus one customer's own when a customer is known.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentCategory, DocumentOrderField, ShopDocument } from '../../src/lib/contract/catalogue-extras';
import type { Locale } from '../../src/lib/contract/common';
import type { Ordering } from '../../src/lib/contract/ordering';
import type { Db } from '../db/client';
import { documents } from '../db/schema';
import { shopError } from '../shop-errors';
import { pick } from './localized';

export const DEFAULT_DOCUMENT_ORDER: Ordering<DocumentOrderField> = { field: 'created_at', direction: 'desc' };
/** Public files are static media; a customer's own are downloaded through the API, which checks who asks. */
export const documentUrl = (d: { id: number; fileName: string; customerId: number | null }) =>
  d.customerId === null ? `/media/documents/${encodeURIComponent(d.fileName)}` : `/api/v3/client/documents/${d.id}/file/`;

export interface DocumentFilter {
  locale: Locale;
  /** Also this customer's own documents. */
  customerId?: number;
  category?: DocumentCategory;
}

function orderOf(o: Ordering<DocumentOrderField>, locale: Locale): SQL[] {
  const dir = o.direction === 'asc' ? asc : desc;
  const column = {
    created_at: documents.createdAt,
    title: sql`coalesce(${documents.title}->>${locale}::text, ${documents.title}->>'it')`,
    category: documents.category,
  }[o.field];
  return [dir(column), dir(documents.id)];
}

export async function listDocuments(
  db: Db,
  f: DocumentFilter,
  page: { page: number; pageSize: number },
  ordering: Ordering<DocumentOrderField> = DEFAULT_DOCUMENT_ORDER,
): Promise<{ results: ShopDocument[]; count: number }> {
  const where = and(
    f.customerId === undefined ? isNull(documents.customerId) : or(isNull(documents.customerId), eq(documents.customerId, f.customerId)),
    f.category ? eq(documents.category, f.category) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(...orderOf(ordering, f.locale))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(documents).where(where),
  ]);
  return {
    count: total?.count ?? 0,
    results: rows.map((d) => ({
      id: d.id,
      category: d.category,
      title: pick(d.title, f.locale),
      description: pick(d.description, f.locale),
      file_name: d.fileName,
      url: documentUrl(d),
      mime_type: d.mimeType,
      size_bytes: d.sizeBytes,
      customer: d.customerId,
      created_at: d.createdAt.toISOString(),
    })),
  };
}

export type DocumentRow = typeof documents.$inferSelect;

/** A document by id, public or a customer's own; NotFound otherwise. */
export async function findDocument(db: Db, id: number): Promise<DocumentRow> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id));
  if (!doc) throw shopError('NotFound');
  return doc;
}

/** The content of a customer's own document, kept outside the public media; NotFound when the file is missing. */
export async function readPrivateDocument(privateFilesDir: string | undefined, doc: DocumentRow): Promise<Buffer<ArrayBuffer>> {
  const file = privateFilesDir ? path.join(privateFilesDir, 'documents', path.basename(doc.fileName)) : null;
  const content = file ? await readFile(file).catch(() => null) : null;
  if (!content) throw shopError('NotFound', [], 'The file is not available.');
  return content;
}
