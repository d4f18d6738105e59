/**
 * The root plugin: builds a fully wired app from its dependencies without listening, so tests
 * and main.ts construct it the same way.
 */
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { registerErrorHandling } from './kernel/errors.ts';
import { ErrorResponse, DetailResponse } from './modules/common/schemas.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import profileRoutes from './modules/profiles/profiles.routes.ts';
import discoveryRoutes from './modules/discovery/discovery.routes.ts';
import likeRoutes from './modules/likes/likes.routes.ts';
import blockRoutes from './modules/blocks/blocks.routes.ts';
import worldRegionsRoute from './modules/profiles/world-regions.routes.ts';
import authPlugin from './plugins/auth.ts';
import contextPlugin, { type AppContext } from './plugins/context.ts';
import inputGuard from './plugins/input-guard.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import eventBackbone from './plugins/event-backbone.ts';
import staticClient from './plugins/static-client.ts';
import swaggerPlugin from './plugins/swagger.ts';
import { loggerOptions } from './kernel/logging.ts';

export interface BuildOptions extends AppContext {
  jwtSecret: string;
  /** Tests read the log through this. */
  logStream?: DestinationStream;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logStream
      ? { ...loggerOptions(config), stream: options.logStream }
      : loggerOptions(config),
    // Behind a proxy (docker compose, a load balancer) the client IP comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // A JSON body naming __proto__ or constructor.prototype is refused while it is parsed.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  registerErrorHandling(app);
  await app.register(inputGuard);
  app.addSchema(ErrorResponse);
  app.addSchema(DetailResponse);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'"],
        // Operators may serve plain HTTP on a private network; TLS is the proxy's business.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(swaggerPlugin);
  await app.register(contextPlugin, { config, db: options.db, mailer: options.mailer });
  await app.register(authPlugin, { secret: options.jwtSecret, ttlDays: config.sessionTtlDays });
  await app.register(rateLimitPlugin);
  await app.register(eventBackbone);

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(discoveryRoutes);
      await api.register(likeRoutes);
      await api.register(blockRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(worldRegionsRoute);

  await app.register(staticClient);
  return app;
}
