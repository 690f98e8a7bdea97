// Security headers of every API answer (ADR 0013), and the values pages share with it
// (server/http/security-headers.ts sends them on pages). JSON needs no scripts, frames or plugins;
// the reference page at /docs needs only its own inline styles.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Powerful features the shop never uses, refused for it and anything it embeds. */
const REFUSED_FEATURES = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'payment', 'usb'] as const;
export const PERMISSIONS_POLICY = REFUSED_FEATURES.map((feature) => `${feature}=()`).join(', ');
/**
 * HSTS only when the public address is https: a browser that saw it over http would ignore it,
 * and a site reached over http must not be told to refuse http. No includeSubDomains: the
 * owner's other hosts under the same domain are not ours to decide.
 */
export const hstsFor = (publicSiteUrl: string): string | null => (/^https:/i.test(publicSiteUrl) ? 'max-age=31536000' : null);

export function apiSecurityHeaders(publicSiteUrl: string): MiddlewareHandler {
  const hsts = hstsFor(publicSiteUrl);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: REFERRER_POLICY,
    permissionsPolicy: Object.fromEntries(REFUSED_FEATURES.map((feature) => [feature, []])),
    strictTransportSecurity: hsts ?? false,
    // The storefront may live on another origin (SHOP_API_URL) and read downloads from here.
    crossOriginResourcePolicy: false,
  });
}
