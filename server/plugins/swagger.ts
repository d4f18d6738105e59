/**
 * OpenAPI from the route schemas, with Swagger UI at /docs. openapi.yaml is generated from this
 * and linted by Redocly (redocly.yaml), so what every operation must carry is filled in here
 * once instead of being remembered by each route: a stable operationId, an explicit `security`
 * (none on the public routes) and the 400 every route can give.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';

type RouteSchema = FastifySchema & {
  operationId?: string;
  security?: unknown[];
  response?: Record<string, unknown>;
};

const camel = (words: string[]) => words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');

/**
 * `PATCH /api/v1/profile_update/` -> patchProfileUpdate, `POST /api/v1/block/{user_id}/` ->
 * postBlockByUserId: unique because method and path are, and stable as long as the path is.
 */
export function operationIdFor(method: string, url: string): string {
  const words = [method.toLowerCase()];
  for (const segment of url.replace(/^\/api\/v\d+/, '').split('/')) {
    const param = /^[:{](\w+)\}?$/.exec(segment);
    if (param) words.push('by', ...param[1].split('_'));
    else
      words.push(
        ...segment
          .split(/[^A-Za-z0-9]+/)
          .filter(Boolean)
          .map((w) => w.toLowerCase()),
      );
  }
  return camel(words);
}

/**
 * A shared schema used whole as a response is named by reference, so the document shows it once
 * under components (the route keeps the full schema for serializing).
 */
function referToShared(response: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const id = (schema as { $id?: unknown }).$id;
      return [status, typeof id === 'string' ? Type.Ref(id) : schema];
    }),
  );
}

/**
 * A file route reads its body with the multipart parser, not through a body schema (a schema
 * would be checked against a body Fastify never builds), so the document is told here what the
 * form holds.
 */
const MULTIPART_FILE_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The photo: one file, at most the declared contentLength' } },
};

function documented(schema: RouteSchema | undefined, method: string, url: string): RouteSchema {
  const response = referToShared(schema?.response ?? {});
  const takesFile = !schema?.body && (schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data');
  // The input guard refuses hostile input (query strings included) on every route with a 400.
  if (!Object.keys(response).some((status) => status.startsWith('4'))) response[400] = Type.Ref('ErrorResponse');
  return {
    ...schema,
    ...(takesFile ? { body: MULTIPART_FILE_BODY } : {}),
    operationId: schema?.operationId ?? operationIdFor(method, url),
    // A route without a security requirement is public: say so rather than leave it unknown.
    security: schema?.security ?? [],
    response,
  };
}

export default fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Betroth API',
          version: '1.0.0',
          description:
            'Members-only dating and marriage matching. Authenticate with `Authorization: Token <token>` ' +
            '(from sign-up or sign-in; `Bearer` is accepted too).',
          license: { name: 'Proprietary' },
        },
        // Relative, so Swagger UI calls whichever host serves it.
        servers: [{ url: '/', description: 'The server that serves this document' }],
        components: {
          securitySchemes: { TokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization' } },
        },
      },
      transform: ({ schema, url, route }) => {
        const method = Array.isArray(route.method) ? route.method[0] : route.method;
        return { schema: documented(schema as RouteSchema | undefined, method, url) as never, url };
      },
      // Keep schema names ($id) in components instead of def-0, def-1...
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
