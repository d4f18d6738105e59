/**
 * The Content-Security-Policy the app sends, as far as the face scan needs it: its TensorFlow.js
 * backend compiles WebAssembly, which browsers allow under 'wasm-unsafe-eval' (and never through
 * a plain 'unsafe-eval', which stays off), and the built client serves the scan's models and
 * .wasm files from this origin with types a browser accepts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { CLIENT_DIST } from './plugins/static-client.ts';
import { buildTestApp } from './test/app.ts';

t.test('scripts: this origin, WebAssembly allowed, eval not', async (t) => {
  const { app } = await buildTestApp(t);
  const response = await app.inject({ method: 'GET', url: '/healthz' });
  const csp = String(response.headers['content-security-policy']);
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src ')) ?? '';
  t.match(scriptSrc, /'self'/);
  t.match(scriptSrc, /'wasm-unsafe-eval'/);
  t.notMatch(scriptSrc, /'unsafe-eval'|'unsafe-inline'/);
});

const built = existsSync(path.join(CLIENT_DIST, 'face-scan', 'wasm', 'tfjs-backend-wasm-simd.wasm'));
t.test('the face scan files are served from this origin', { skip: built ? false : 'client/dist not built (npm run build)' }, async (t) => {
  const { app } = await buildTestApp(t);
  const wasm = await app.inject({ method: 'GET', url: '/face-scan/wasm/tfjs-backend-wasm-simd.wasm' });
  t.equal(wasm.statusCode, 200);
  t.equal(wasm.headers['content-type'], 'application/wasm', 'streaming compilation needs this type');
  const manifest = await app.inject({ method: 'GET', url: '/face-scan/models/tiny_face_detector_model-weights_manifest.json' });
  t.equal(manifest.statusCode, 200);
  t.match(manifest.headers['content-type'], /^application\/json/);
  const weights = await app.inject({ method: 'GET', url: '/face-scan/models/face_landmark_68_model.bin' });
  t.equal(weights.statusCode, 200);
});
