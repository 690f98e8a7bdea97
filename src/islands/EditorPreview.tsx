// /pgb-editor-preview: renders the page-builder document the editor posts, with the same block
// renderer as live pages. Only messages from the PAGE_BUILDER_URL origin are read.
import { useEffect, useState } from 'react';
import PageBlocks, { type BlockProducts } from '../components/blocks/PageBlocks';
import type { BlockLabels } from '../components/blocks/block-labels';
import type { Locale } from '../lib/i18n/locales';
import { seedLiveProducts } from '../lib/live/live-products';
import type { PreviewDocument } from './blocks/preview-document';
import { acceptPreviewMessage, announceReady } from './blocks/preview-message';
import { loadPreviewProducts } from './blocks/preview-products';

interface Props {
  locale: Locale;
  /** Origin of the PAGE_BUILDER_URL setting (read at build time); null accepts nothing. */
  allowedOrigin: string | null;
  /** PAGE_BUILDER_SITE_KEY: names this site to the editor; documents for another site are ignored. */
  siteKey?: string | null;
  labels: BlockLabels;
  waiting: string;
}

export default function EditorPreview({ locale, allowedOrigin, siteKey = null, labels, waiting }: Props) {
  const [doc, setDoc] = useState<PreviewDocument | null>(null);
  const [products, setProducts] = useState<BlockProducts>({});
  const [listening, setListening] = useState(false);

  useEffect(() => {
    if (!allowedOrigin) return;
    // Documents arrive as the editor types: only the newest one's products may land.
    let latest = 0;
    const onMessage = (event: MessageEvent) => {
      const next = acceptPreviewMessage(event, allowedOrigin, siteKey);
      if (!next) return;
      const generation = ++latest;
      setDoc(next);
      setProducts({});
      if (next.blocks.some((b) => b.type === 'products')) {
        void loadPreviewProducts(locale, next.blocks).then((found) => {
          if (generation !== latest) return;
          // The list answer carries stock: the cards' badges read it from the live store.
          seedLiveProducts(Object.values(found).flatMap((list) => list ?? []));
          setProducts(found);
        });
      }
    };
    window.addEventListener('message', onMessage);
    setListening(true);
    announceReady(window, allowedOrigin, siteKey);
    return () => window.removeEventListener('message', onMessage);
  }, [allowedOrigin, siteKey, locale]);

  if (!doc) {
    return (
      <div className="container py-16 text-center text-muted" data-preview-state={listening ? 'listening' : 'idle'}>
        <p className="m-0">{waiting}</p>
      </div>
    );
  }
  return (
    <div data-preview-state="showing">
      <PageBlocks locale={locale} title={doc.title} blocks={doc.blocks} products={products} labels={labels} />
    </div>
  );
}
