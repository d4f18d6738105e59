/** Payment routes. Thin: rules in payments.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { PackagesResponse } from './payments.schemas.ts';
import { listPackages } from './payments.service.ts';

const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, config: app.config };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/payments/packages/',
    {
      schema: {
        tags: ['payments'],
        security: AUTH_HEADER_SECURITY,
        summary: 'The chat-credit packages with their prices, and my balance',
        response: { 200: PackagesResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => listPackages(deps, request.member.userId),
  );
};

export default paymentRoutes;
