/**
 * Face liveness routes: open a scan session, submit its frames for the verdict, and bind a passed
 * scan to the photo 1 upload. Thin: rules in scan-sessions.service.ts and scan-binding.service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { UploadParams } from '../uploads/index.ts';
import { VERIFY_BODY_LIMIT } from './liveness.rules.ts';
import { BindScanBody, BindScanResponse, ScanConfigResponse, VerifyScanBody, VerifyScanResponse } from './liveness.schemas.ts';
import { bindScan } from './scan-binding.service.ts';
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

  app.post(
    '/uploads/:id/liveness/',
    {
      schema: {
        tags,
        security,
        summary: 'Bind a passed face scan to my photo 1 upload; an approved photo 1 that matches it makes me verified',
        params: UploadParams,
        body: BindScanBody,
        response: { 200: BindScanResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => bindScan(deps, request.member.userId, request.params.id, request.body),
  );
};

export default livenessRoutes;
