import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootScript } from './boot-script.ts';
import { chunkPlan } from './chunk-plan.ts';
import { precompress } from './precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';

/**
 * The face scan's models and WebAssembly binaries, copied from node_modules into the build under
 * /face-scan/ so the browser loads them from this app's own origin (nothing from a CDN). Only
 * what the scan uses: the tiny face detector, the 68-point landmarks, and the two wasm builds a
 * page without cross-origin isolation can run (plain and SIMD).
 */
function faceScanAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const faceApi = path.dirname(require.resolve('@vladmandic/face-api/package.json'));
  const wasm = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
  const files: Record<string, string> = {};
  for (const model of ['tiny_face_detector_model', 'face_landmark_68_model']) {
    for (const suffix of ['-weights_manifest.json', '.bin'])
      files[`face-scan/models/${model}${suffix}`] = path.join(faceApi, 'model', `${model}${suffix}`);
  }
  for (const binary of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'])
    files[`face-scan/wasm/${binary}`] = path.join(wasm, 'dist', binary);
  return {
    name: 'betroth-face-scan-assets',
    generateBundle() {
      for (const [fileName, from] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source: readFileSync(from) });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const from = files[(request.url ?? '').split('?')[0].replace(/^\//, '')];
        if (!from) return next();
        response.setHeader(
          'Content-Type',
          from.endsWith('.wasm') ? 'application/wasm' : from.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        response.end(readFileSync(from));
      });
    },
  };
}

export default defineConfig({
  root,
  publicDir: 'public',
  // The same two aliases as tsconfig.json's paths (tsx reads those for the tests and scripts):
  // '@/' is client/src, '@contract/' the rules shared with the server.
  resolve: {
    alias: {
      '@/': `${path.join(root, 'src')}/`,
      '@contract/': `${path.join(root, '..', 'server', 'contract')}/`,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  // The face reader is a module worker (client/src/features/photos/face-reader/): its own bundle,
  // with face-api inside, fetched only when a face scan opens.
  worker: {
    format: 'es',
  },
  plugins: [
    react(),
    bootScript(root),
    chunkPlan(root),
    faceScanAssets(),
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
        // The face reader's worker, with face-api and its TensorFlow.js (about 1.3 MB), loads only
        // when a face scan opens, never with the app shell.
        // The moderators' area (app/routes/moderation.tsx) is for a handful of staff: members'
        // phones should not download it with the shell.
        globIgnores: ['**/face-reader.worker*.js', '**/face-api*.js', '**/assets/moderation-*'],
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
