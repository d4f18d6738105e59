/**
 * The payment provider's webhook. No member signs these requests: the provider's signature over
 * the raw body does, so this scope keeps JSON bodies as the exact bytes received.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../common/index.ts';
import { WebhookResponse } from './payments.schemas.ts';
import { receiveWebhook } from './webhook.service.ts';

/** Stripe's events are a few kilobytes; this leaves room without inviting large bodies. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, payments: app.payments, log: app.log };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/webhook/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: checkout completed, async payment succeeded or failed (Stripe-Signature required)',
        response: { 200: WebhookResponse, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) => receiveWebhook(deps, request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
  );
};

export default webhookRoutes;
