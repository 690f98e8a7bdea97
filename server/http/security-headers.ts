// Security headers of pages and files (ADR 0013). The script policy of a page is its own
// <meta http-equiv="content-security-policy"> with the hashes Astro computed when it was built or
// regenerated; this header adds what a meta cannot say (frame-ancestors) and holds on every answer,
// the hot path's included (server.ts sets these before anything else answers).
import type { ServerResponse } from 'node:http';
import type { ShopApi } from '../api/app';
import { ttlMemo } from '../../src/lib/cache/ttl-memo';
import { webOrigin } from '../../src/lib/rules/safe-link';
import { hstsFor, PERMISSIONS_POLICY, REFERRER_POLICY } from '../api/middleware/security-headers';

/** The editor preview: the only page another site (the page builder) may show in a frame. */
export const PREVIEW_PATH = '/pgb-editor-preview';

/** What no page needs: plugins, and a <base> pointing elsewhere. */
const BASELINE = "object-src 'none'; base-uri 'self'";

type HeaderList = [name: string, value: string][];

function headerList(publicSiteUrl: string, frameAncestors: string | null): HeaderList {
  const hsts = hstsFor(publicSiteUrl);
  return [
    ['Content-Security-Policy', `frame-ancestors ${frameAncestors ?? "'none'"}; ${BASELINE}`],
    // Legacy browsers know no frame-ancestors; X-Frame-Options cannot name one origin, so the
    // preview goes without it.
    ...(frameAncestors ? [] : [['X-Frame-Options', 'DENY'] as [string, string]]),
    ['Referrer-Policy', REFERRER_POLICY],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ...(hsts ? [['Strict-Transport-Security', hsts] as [string, string]] : []),
  ];
}

/** Whether a request path (with or without query) is the editor preview in any language. */
export function isPreviewPath(url: string): boolean {
  if (!url.startsWith(PREVIEW_PATH)) return false;
  const next = url[PREVIEW_PATH.length];
  return next === undefined || next === '/' || next === '?' || next === '#';
}

/** How long the PAGE_BUILDER_URL setting is trusted before it is read again. */
const SETTING_TTL_MS = 30_000;

export interface PageSecurity {
  /** Sets the headers for this request path (with or without query) on the answer, before it is written. */
  apply(res: ServerResponse, url: string): void;
  /** Reads the PAGE_BUILDER_URL setting now (the server calls it once at start). */
  refresh(): Promise<void>;
}

/**
 * The headers of pages. The preview's frame-ancestors follow the PAGE_BUILDER_URL setting (read
 * through `readPageBuilderUrl`, again after half a minute); until it is known, and when it is
 * empty, no site may frame the preview either.
 */
export function pageSecurity(publicSiteUrl: string, readPageBuilderUrl: () => Promise<string | null>): PageSecurity {
  const everywhere = headerList(publicSiteUrl, null);
  let preview = everywhere;
  // The database is away: the last known value holds (never a wider one).
  const origin = ttlMemo(() => readPageBuilderUrl().then(webOrigin), { ttlMs: SETTING_TTL_MS, staleOnError: true });
  const refresh = () =>
    origin.get().then(
      (known) => void (preview = known ? headerList(publicSiteUrl, known) : everywhere),
      () => undefined,
    );
  return {
    apply(res, url) {
      let list = everywhere;
      if (isPreviewPath(url)) {
        // Answers with the value known now; a stale one is read again for the next request.
        void refresh();
        list = preview;
      }
      for (const [name, value] of list) res.setHeader(name, value);
    },
    refresh,
  };
}

/**
 * Astro answers an on-demand render (the 404 page) with its script policy as a header: it goes
 * beside ours (frame-ancestors, ...) instead of replacing it; a browser enforces both.
 */
export function keepFramePolicy(res: ServerResponse): void {
  const ours = res.getHeader('Content-Security-Policy');
  if (typeof ours !== 'string') return;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    setHeader(name, name.toLowerCase() === 'content-security-policy' ? [ours, ...[value].flat().map(String)] : value)) as typeof res.setHeader;
}

/**
 * config/system/{key}/ answers a key it does not know with a 500 of code SettingNotFound (spec
 * section 7); another backend of the same contract may still say 404.
 */
export async function isUnknownSetting(response: Response): Promise<boolean> {
  if (response.status === 404) return true;
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  return body?.code === 'SettingNotFound';
}

/** A public setting through the in-process API (null when it is not set); throws when it cannot answer. */
export async function readPublicSetting(api: ShopApi, key: string): Promise<string | null> {
  const response = await api.request(`/api/v3/client/config/system/${key}/`);
  if (!response.ok) {
    if (await isUnknownSetting(response)) return null;
    throw new Error(`setting ${key}: ${response.status}`);
  }
  return ((await response.json()) as { value: string | null }).value;
}

/**
 * A page rendered on demand gets its script policy from Astro as a header; the file written
 * from it keeps that policy as a meta at the top of its head, like the prerendered pages.
 */
export function withPolicyMeta(html: Buffer, policy: string | null): Buffer {
  if (!policy) return html;
  const text = html.toString('utf8');
  const head = /<head(\s[^>]*)?>/i.exec(text);
  if (!head || /<meta\s+http-equiv=["']?content-security-policy/i.test(text)) return html;
  const at = head.index + head[0].length;
  const meta = `<meta http-equiv="content-security-policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  return Buffer.from(text.slice(0, at) + meta + text.slice(at), 'utf8');
}
