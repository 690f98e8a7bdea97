// The editor preview's side of the postMessage conversation with the page builder.
import { webOrigin } from '../../lib/rules/safe-link';
import { parsePreviewDocument, type PreviewDocument } from './preview-document';

export const PREVIEW_READY_MESSAGE = { type: 'pgb-preview-ready' } as const;

/** The origin of the PAGE_BUILDER_URL setting, or null when it is missing or not an http(s) URL. */
export const pageBuilderOrigin = webOrigin;

/**
 * The document a message carries, only when it comes from the page builder's origin and, when the
 * message names a site, from this site's project (PAGE_BUILDER_SITE_KEY): one editor may hold
 * several shops' pages.
 */
export function acceptPreviewMessage(event: Pick<MessageEvent, 'origin' | 'data'>, allowedOrigin: string, siteKey: string | null = null): PreviewDocument | null {
  if (event.origin !== allowedOrigin) return null;
  const site = (event.data as { site?: unknown } | null)?.site;
  if (siteKey && typeof site === 'string' && site !== siteKey) return null;
  return parsePreviewDocument(event.data);
}

/** The ready message, naming this site (PAGE_BUILDER_SITE_KEY) when it has a key. */
export const readyMessage = (siteKey: string | null) => (siteKey ? { ...PREVIEW_READY_MESSAGE, site: siteKey } : PREVIEW_READY_MESSAGE);

type Target = Pick<Window, 'postMessage'>;

/** Tells the editor that opened or framed the preview that it can send documents now. */
export function announceReady(win: Pick<Window, 'opener' | 'parent'> & Target, allowedOrigin: string, siteKey: string | null = null): void {
  const targets: Target[] = [];
  if (win.opener) targets.push(win.opener as Target);
  if (win.parent && win.parent !== win) targets.push(win.parent);
  for (const target of targets) {
    try {
      target.postMessage(readyMessage(siteKey), allowedOrigin);
    } catch {
      // A closed opener or a different origin: nobody is listening there.
    }
  }
}
