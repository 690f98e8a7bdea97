// Links in page-builder documents come from editors (and, in the preview, from a message): only
// site paths, anchors, web, mail and phone links are kept, so no "javascript:" URL reaches a page.
const SAFE_HREF = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;

export const isSafeHref = (href: string): boolean => SAFE_HREF.test(href.trim());

/** The link itself when it is safe, otherwise null (the caller then renders no link). */
export const safeHref = (href: string | undefined): string | null => (href && isSafeHref(href) ? href.trim() : null);
