// The storefront: static pages per locale, and on-demand routes (src/pages/fresh) that the server
// renders once to regenerate a page's file (server/pages), never per request (ADR 0008).
import node from '@astrojs/node';
import react from '@astrojs/react';
import UnoCSS from '@unocss/astro';
import { defineConfig } from 'astro/config';

// Script sources beyond this site that every page may load (ADR 0013), e.g. an analytics host
// for the owner's extra scripts: space-separated, read when the site is built.
const extraScriptSources = (process.env.CSP_SCRIPT_SOURCES ?? '').split(/\s+/).filter((s) => /^https:\/\/[\w.-]+(:\d+)?\/?$/.test(s));

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [UnoCSS({ injectReset: true }), react()],
  build: { format: 'directory', inlineStylesheets: 'auto' },
  trailingSlash: 'ignore',
  compressHTML: true,
  devToolbar: { enabled: false },
  // Content-Security-Policy per page (ADR 0013): Astro hashes its own scripts into a <meta>;
  // scripts run only from this site, those hashes, and sources added by configuration. Inline
  // styles stay allowed (style attributes of islands and slides). frame-ancestors cannot live in
  // a meta: the server sends it as a header (server/http/security-headers.ts).
  security: {
    csp: {
      directives: ["object-src 'none'", "base-uri 'self'"],
      scriptDirective: { resources: ["'self'", ...extraScriptSources, { resource: "'none'", kind: 'attribute' }] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // No Markdown here; Shiki's inline styles would only draw a CSP warning at every build.
  markdown: { syntaxHighlight: false },
  image: {
    // Product pictures are served by our server at /media; let the image pipeline read them.
    domains: ['localhost', '127.0.0.1'],
  },
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
