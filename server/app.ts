/**
 * The root plugin: builds a fully wired app from its dependencies without listening, so tests
 * and main.ts construct it the same way. This is the one place that registers the layers, in
 * order, and so owns the API's shutdown order: before the server stops listening (preClose)
 * health turns unready and the gateway closes every socket with 1001; once requests are done
 * (onClose) the event runtime flushes the outbox, lets in-process jobs finish and drains NATS.
 * What runs the handlers is handed in (`startInProcessHandlers`), so nothing under server/
 * imports workers/ except the process entries that compose both (main.ts, test/app.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Db } from './kernel/db/client.ts';
import { registerErrorHandling } from './kernel/errors.ts';
import { ErrorResponse, DetailResponse } from './modules/common/index.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import profileRoutes from './modules/profiles/profiles.routes.ts';
import discoveryRoutes from './modules/discovery/discovery.routes.ts';
import likeRoutes from './modules/likes/likes.routes.ts';
import blockRoutes from './modules/blocks/blocks.routes.ts';
import uploadRoutes from './modules/uploads/uploads.routes.ts';
import mediaRoutes from './modules/media/media.routes.ts';
import livenessRoutes from './modules/liveness/liveness.routes.ts';
import paymentRoutes from './modules/payments/payments.routes.ts';
import chatRoutes from './modules/chat/chat.routes.ts';
import creditRoutes from './modules/credits/credits.routes.ts';
import reportRoutes from './modules/reports/reports.routes.ts';
import moderationRoutes from './modules/moderation/moderation.routes.ts';
import statementRoutes from './modules/moderation/statements.routes.ts';
import webhookRoutes from './modules/payments/webhook.routes.ts';
import paymentsPlugin from './plugins/payments.ts';
import type { RetryPolicy } from './stripe-emulator/deliveries.ts';
import cityRoutes from './modules/geo/cities.routes.ts';
import worldRegionsRoute from './modules/geo/world-regions.routes.ts';
import authPlugin from './plugins/auth.ts';
import contextPlugin, { type AppContext } from './plugins/context.ts';
import inputGuard from './plugins/input-guard.ts';
import securityHeaders from './plugins/security-headers.ts';
import mediaReferences from './plugins/media-references.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import eventRuntime from './plugins/event-runtime.ts';
import health from './plugins/health.ts';
import databaseGate from './plugins/database-gate.ts';
import metrics from './plugins/metrics.ts';
import staticClient from './plugins/static-client.ts';
import swaggerPlugin from './plugins/swagger.ts';
import { loggerOptions } from './kernel/logging.ts';
import { createMediaStore, createMediaUrlSigner, type MediaStore } from './kernel/media/index.ts';
import type { StartInProcessHandlers } from './kernel/events/in-process-handlers.ts';
import gateway from './realtime/gateway.ts';

export interface BuildOptions extends Omit<AppContext, 'media' | 'mediaUrls'> {
  jwtSecret: string;
  /**
   * Where photos live. main.ts and the test harness build it from config and hand it in; when
   * absent (the OpenAPI generator, benchmarks) the configured store is built here.
   */
  media?: MediaStore;
  /** Tests read the log through this. */
  logStream?: DestinationStream;
  /**
   * Without NATS_URL, starts the handlers inside this process (main.ts and the test harness pass
   * workers/registry.ts's). Absent (the OpenAPI generator, benchmarks), no handler runs here.
   */
  startInProcessHandlers?: StartInProcessHandlers;
  /**
   * A pool of its own for the outbox relay and the in-process handlers (main.ts passes one), so
   * the few statements that deliver events never queue behind a burst of requests holding every
   * connection of `db`. Absent, they share `db`.
   */
  eventsDb?: Db;
  /** How the local Stripe emulator (no STRIPE_SECRET_KEY) retries webhooks; tests shorten it. */
  stripeEmulatorRetry?: RetryPolicy;
}

/** Where presigned upload URLs point, so the page may send photos there. */
function uploadOrigins(config: BuildOptions['config']): string[] {
  const endpoint = config.mediaStore === 's3' ? (config.s3?.publicEndpoint ?? config.s3?.endpoint) : null;
  return endpoint ? [new URL(endpoint).origin] : [];
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logStream ? { ...loggerOptions(config), stream: options.logStream } : loggerOptions(config),
    // Behind a proxy (docker compose, a load balancer) the client IP comes from X-Forwarded-For.
    trustProxy: config.trustProxy,
    // A JSON body naming __proto__ or constructor.prototype is refused while it is parsed.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A signed photo URL carries its grant in one path segment (about 250 characters); every
    // parameter is still held to its own schema's length.
    routerOptions: { maxParamLength: 1024 },
  });

  registerErrorHandling(app);
  await app.register(inputGuard);
  app.addSchema(ErrorResponse);
  app.addSchema(DetailResponse);

  await app.register(securityHeaders, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          // WebAssembly compiles under 'wasm-unsafe-eval' only (not eval): the face scan's TensorFlow.js backend.
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          // The browser PUTs photos straight to the object store's presigned URLs.
          'connect-src': ["'self'", ...uploadOrigins(config)],
          'worker-src': ["'self'"],
          // Operators may serve plain HTTP on a private network; TLS is the proxy's business.
          'upgrade-insecure-requests': null,
        },
      },
    },
  });
  await app.register(swaggerPlugin);
  await app.register(contextPlugin, {
    config,
    db: options.db,
    mailer: options.mailer,
    media: options.media ?? createMediaStore(config),
    mediaUrls: createMediaUrlSigner(options.jwtSecret),
    identityHashSecret: options.identityHashSecret,
  });
  await app.register(mediaReferences);
  await app.register(authPlugin, { secret: options.jwtSecret, ttlDays: config.sessionTtlDays });
  await app.register(rateLimitPlugin);
  await app.register(paymentsPlugin, { emulatorRetry: options.stripeEmulatorRetry });
  // Metrics first, so its latency hooks cover every route; the gateway last, on top of the
  // event runtime's push bus and the auth check.
  await app.register(metrics);
  await app.register(eventRuntime, { startInProcessHandlers: options.startInProcessHandlers, db: options.eventsDb });
  await app.register(health);
  await app.register(gateway);

  await app.register(
    async (api) => {
      await api.register(databaseGate);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(discoveryRoutes);
      await api.register(likeRoutes);
      await api.register(blockRoutes);
      await api.register(uploadRoutes);
      await api.register(mediaRoutes);
      await api.register(livenessRoutes);
      await api.register(paymentRoutes);
      await api.register(chatRoutes);
      await api.register(creditRoutes);
      await api.register(reportRoutes);
      await api.register(moderationRoutes);
      await api.register(statementRoutes);
      await api.register(webhookRoutes);
      await api.register(cityRoutes);
    },
    { prefix: '/api/v1' },
  );
  await app.register(worldRegionsRoute);

  await app.register(staticClient);
  return app;
}
