import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';

export default defineConfig({
  root,
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      // Deferred: a plain script in <head> would hold the first paint back for a round trip.
      injectRegister: 'script-defer',
      manifest: {
        name: 'Betroth',
        short_name: 'Betroth',
        description: 'Members-only dating and marriage matching for adults seeking a long-term partner.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fbf7f5',
        theme_color: '#8e1d42',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // App shell only: the built JS/CSS/HTML and icons. API responses, media and docs are never cached.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/docs/, /^\/media\//, /^\/world_country_region\.json$/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: backend, changeOrigin: true, ws: true },
      '/docs': { target: backend, changeOrigin: true },
      '/world_country_region.json': { target: backend, changeOrigin: true },
    },
  },
  preview: { port: 5173 },
});
