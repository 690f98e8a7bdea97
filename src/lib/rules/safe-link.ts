// One rule for every address that comes from outside the code: where to go after signing in
// (?next=) and links whose target is data (slides, page-builder blocks, tracking and document
// links). Both are judged the way the browser will read them, by the WHATWG URL parser itself:
// it drops tabs, CR and LF anywhere, trims spaces and control characters at the ends, reads "\"
// as "/" and "//host" as another site, so any check on the raw text can be walked around.

/** A base no real address has: whatever resolves away from it leaves the site. */
const BASE = 'https://shop.invalid';
const BASE_ORIGIN = new URL(BASE).origin;

/** What the URL parser removes before it reads an address (tab, LF, CR; ends trimmed). */
const browserNormalised = (raw: string) =>
  raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');

/** "//x" and "/\x" (after normalisation) name another host, whatever the scheme. */
const startsLikeHost = (path: string) => /^[/\\][/\\]/.test(path);

function parse(value: string): URL | null {
  try {
    return new URL(value, BASE);
  } catch {
    return null;
  }
}

/**
 * A same-site path to send the visitor to (path, query and fragment), or `fallback` when `next`
 * is missing or would leave the site (other host, scheme, protocol-relative, backslash tricks).
 */
export function safeRedirectPath(next: string | null | undefined, fallback = '/'): string {
  if (typeof next !== 'string') return fallback;
  const normalised = browserNormalised(next);
  if (!normalised.startsWith('/') || startsLikeHost(normalised)) return fallback;
  const url = parse(normalised);
  if (!url || url.origin !== BASE_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil" resolves to the path "//evil", which a browser reads as a host again.
  return startsLikeHost(target) ? fallback : target;
}

/** Schemes a link from data may use; relative paths resolve to https on the base and pass. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A link from data as it should be written in the page, or null when it must not be a link at all
 * (javascript:, data:, vbscript:, blob:, anything unparsable): the caller then renders no link.
 * A link to another site says so with its scheme: "//host" and "/\host", which read like paths
 * but leave the site, are refused.
 */
export function safeHref(href: string | null | undefined): string | null {
  if (typeof href !== 'string') return null;
  const normalised = browserNormalised(href);
  if (normalised === '' || startsLikeHost(normalised)) return null;
  const url = parse(normalised);
  return url && LINK_PROTOCOLS.has(url.protocol) ? normalised : null;
}

export const isSafeHref = (href: string): boolean => safeHref(href) !== null;

/**
 * The origin of an http(s) address, or null when it is missing or of another scheme: what may
 * frame the editor preview (PAGE_BUILDER_URL), read the same way by the page and the server.
 */
export function webOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
