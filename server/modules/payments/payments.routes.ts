/**
 * Payment routes for the signed-in member: the packages, a checkout, the check on return
 * (purchase_chat_credits) and the history. Thin: rules in the services beside this file. The
 * provider's webhook has its own route file (no member, raw body).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { createCheckout } from './checkout.service.ts';
import { paymentHistory } from './history.service.ts';
import {
  CheckoutBody,
  CheckoutHeaders,
  CheckoutResponse,
  HistoryResponse,
  PackagesResponse,
  PurchaseBody,
  PurchaseResponse,
} from './payments.schemas.ts';
import { limitPaymentCalls } from './payment-limits.ts';
import { listPackages } from './payments.service.ts';
import { allowedReturnOrigins } from './return-origins.ts';
import { confirmPurchase } from './purchase.service.ts';

const tags = ['payments'];
const security = AUTH_HEADER_SECURITY;

const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = {
    db: app.db,
    config: app.config,
    payments: app.payments,
    log: app.log,
    // Before the server listens (app.inject) it announces nothing: PUBLIC_URL alone.
    returnOrigins: () =>
      allowedReturnOrigins(
        app.config,
        // A Unix socket (a string) has no origin a browser could open.
        app.server.listening ? app.addresses().filter((entry) => typeof entry !== 'string') : [],
      ),
  };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/payments/packages/',
    {
      schema: {
        tags,
        security,
        summary: 'The chat-credit packages with their prices, and my balance',
        response: { 200: PackagesResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => listPackages(deps, request.member.userId),
  );

  app.post(
    '/payments/create-checkout/',
    {
      schema: {
        tags,
        security,
        summary: 'Open a hosted checkout for a package; send the browser to session_url',
        description:
          'success_url and cancel_url must be pages of this app: on PUBLIC_URL, and outside production also on the addresses the server announces at start-up. The return adds status=success&session_id=… or status=canceled. ' +
          'The same request within a minute (or with the same Idempotency-Key) answers the same checkout.',
        headers: CheckoutHeaders,
        body: CheckoutBody,
        response: { 200: CheckoutResponse, ...errorResponses(400, 401, 404, 429, 502) },
      },
    },
    async (request) => {
      await limitPaymentCalls(app.db, request.member.userId);
      return createCheckout(deps, request.member.userId, {
        packageId: request.body.package,
        successUrl: request.body.success_url,
        cancelUrl: request.body.cancel_url,
        idempotencyKey: request.headers['idempotency-key'],
      });
    },
  );

  app.post(
    '/match/purchase_chat_credits/',
    {
      schema: {
        tags,
        security,
        summary: 'On return from checkout: confirm the payment with the provider and add its credits (once)',
        description: 'The credits come from the package paid for; a credits value in the request is ignored.',
        body: PurchaseBody,
        response: { 200: PurchaseResponse, ...errorResponses(400, 401, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      await limitPaymentCalls(app.db, request.member.userId);
      return confirmPurchase(deps, request.member.userId, request.body.transaction_id);
    },
  );

  app.get(
    '/payments/history/',
    {
      schema: {
        tags,
        security,
        summary: 'My payments, newest first (checkouts left open for more than a day are not listed)',
        response: { 200: HistoryResponse, ...errorResponses(401) },
      },
    },
    async (request) => paymentHistory(deps, request.member.userId),
  );
};

export default paymentRoutes;
