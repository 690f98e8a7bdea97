// The storefront: static pages per locale, a few on-demand routes for content newer than the
// build, served by our own Node server (server/http) through the node adapter in middleware mode.
import node from '@astrojs/node';
import react from '@astrojs/react';
import UnoCSS from '@unocss/astro';
import { defineConfig, memoryCache } from 'astro/config';

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  // Route cache for on-demand renders (pages changed after the build). The server puts each
  // page's change time in the address it renders, so an edit never meets an old entry.
  cache: { provider: memoryCache({ max: 1000 }) },
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
