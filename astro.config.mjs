// The storefront: static pages per locale, and on-demand routes (src/pages/fresh) that the server
// renders once to regenerate a page's file (server/pages), never per request (ADR 0008).
import node from '@astrojs/node';
import react from '@astrojs/react';
import UnoCSS from '@unocss/astro';
import { defineConfig } from 'astro/config';

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [UnoCSS({ injectReset: true }), react()],
  build: { format: 'directory', inlineStylesheets: 'auto' },
  trailingSlash: 'ignore',
  compressHTML: true,
  devToolbar: { enabled: false },
  image: {
    // Product pictures are served by our server at /media; let the image pipeline read them.
    domains: ['localhost', '127.0.0.1'],
  },
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
