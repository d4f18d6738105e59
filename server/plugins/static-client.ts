/**
 * Serves the built React client (client/dist) at / and answers client routes such as
 * /profile/12 with index.html. Before the client is built, a plain page says how to build it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendRouteNotFound } from '../kernel/errors.ts';

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist');

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Betroth</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Betroth</h1><p>The API is running. Build the web client with <code>npm run build</code>,
and read the API documentation at <a href="/docs">/docs</a>.</p></main></body></html>`;

// Paths that belong to the server; a miss there is a real 404, never the client's index.html.
const SERVER_PREFIXES = ['/api/', '/docs', '/healthz', '/readyz', '/metrics'];

function wantsClientPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  // A missing asset (has an extension) stays a 404 instead of turning into HTML.
  return !path.extname(pathname);
}

export default fp(
  async (app) => {
    const built = existsSync(path.join(CLIENT_DIST, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: CLIENT_DIST,
        wildcard: false,
        index: ['index.html'],
        // The build writes .br and .gz copies of every text file (client/precompress.ts): sent as
        // they are, by the client's Accept-Encoding, with no compression work per request.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Hashed bundles never change; index.html and the service worker must always be fresh.
          const cacheable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', cacheable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html').send(PLACEHOLDER));
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (!wantsClientPage(request)) return reply.status(404).send(sendRouteNotFound(request.method, request.url));
      reply.header('cache-control', 'no-cache');
      return built ? reply.sendFile('index.html') : reply.type('text/html').send(PLACEHOLDER);
    });
  },
  { name: 'static-client' },
);
