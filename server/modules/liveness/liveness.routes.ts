/**
 * Face liveness routes: open a scan session and submit its frames for the verdict. Thin: rules
 * in scan-sessions.service.ts. Binding a passed scan to photo 1 is an uploads route.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { VERIFY_BODY_LIMIT } from './liveness.rules.ts';
import { ScanConfigResponse, VerifyScanBody, VerifyScanResponse } from './liveness.schemas.ts';
import { openScan, verifyScan } from './scan-sessions.service.ts';

const tags = ['liveness'];
const security = AUTH_HEADER_SECURITY;

const livenessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, config: app.config, media: app.media };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/facetec/config/',
    {
      schema: {
        tags,
        security,
        summary: 'Open a face scan session for photo 1: a token, the movements to perform in order, and the frame limits',
        response: { 200: ScanConfigResponse, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => openScan(deps, request.member.userId),
  );

  app.post(
    '/facetec/verify/',
    {
      bodyLimit: VERIFY_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Submit the frames of a scan session (used once); answers a liveness token and score, or the reason it failed',
        body: VerifyScanBody,
        response: { 200: VerifyScanResponse, ...errorResponses(400, 401, 404, 409, 413, 503) },
      },
    },
    async (request) => verifyScan(deps, request.member.userId, request.body),
  );
};

export default livenessRoutes;
