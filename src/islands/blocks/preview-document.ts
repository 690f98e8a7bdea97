// What the page-builder editor may post to /pgb-editor-preview: a document (a Canvas from the API
// has this shape: title, description, blocks). Anything else is dropped without a word.
import * as v from 'valibot';
import type { Block } from '../../lib/contract/page-blocks';
import { isSafeHref } from '../../lib/rules/safe-link';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const href = v.pipe(v.string(), v.maxLength(2000), v.check(isSafeHref));
const slugLike = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,120}$/));

const BlockSchema = v.variant('type', [
  v.object({ type: v.literal('hero'), title: text(300), subtitle: v.optional(text(1000)), cta: v.optional(v.object({ label: text(120), href })) }),
  v.object({ type: v.literal('heading'), level: v.picklist([2, 3]), text: text(300) }),
  v.object({ type: v.literal('paragraph'), text: text(10_000) }),
  v.object({ type: v.literal('list'), items: v.pipe(v.array(text(1000)), v.maxLength(100)) }),
  v.object({ type: v.literal('features'), items: v.pipe(v.array(v.object({ title: text(200), text: text(2000) })), v.maxLength(24)) }),
  v.object({ type: v.literal('quote'), text: text(2000), author: v.optional(text(200)) }),
  v.object({ type: v.literal('cta'), label: text(120), href, text: v.optional(text(1000)) }),
  v.object({
    type: v.literal('products'),
    title: text(200),
    customField: v.optional(v.object({ key: text(100), value: text(200) })),
    category: v.optional(slugLike),
    onOffer: v.optional(v.boolean()),
    limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  }),
  v.object({ type: v.literal('coupon'), code: text(64), text: text(1000) }),
]);

export const PreviewDocumentSchema = v.object({
  title: v.optional(text(300)),
  description: v.optional(text(1000)),
  blocks: v.pipe(v.array(BlockSchema), v.maxLength(200)),
});

export interface PreviewDocument {
  title?: string;
  description?: string;
  blocks: Block[];
}

// Fails to compile when the schema and the block format drift apart.
const _sameShape: (parsed: v.InferOutput<typeof PreviewDocumentSchema>) => PreviewDocument = (parsed) => parsed;

/** The document in `data`, or null when it is not one. */
export function parsePreviewDocument(data: unknown): PreviewDocument | null {
  const result = v.safeParse(PreviewDocumentSchema, data);
  return result.success ? result.output : null;
}
