/** OpenAPI from the route schemas, with Swagger UI at /docs. openapi.yaml is generated from this. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

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
        },
        components: {
          securitySchemes: { TokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization' } },
        },
      },
      // Keep schema names ($id) in components instead of def-0, def-1...
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
