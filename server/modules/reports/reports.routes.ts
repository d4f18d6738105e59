/**
 * Report routes. Thin: schemas in reports.schemas.ts, rules in reports.service.ts. The id in the
 * body is the reported member's user id; a member only ever files their own reports.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { ReportBody, ReportHeaders, ReportResponse } from './reports.schemas.ts';
import { REPORT_MESSAGES } from './reports.rules.ts';
import * as service from './reports.service.ts';

const tags = ['reports'];
const security = AUTH_HEADER_SECURITY;

const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, media: app.media };
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/reports/',
    {
      schema: {
        tags,
        security,
        summary: 'Report a member to the moderators: both stop seeing each other at once (as after a block), with or without a match',
        description:
          '201 for a new report; 200 with the same id when my report of this member is still open (the repeat joins it). ' +
          '404 "User not found." for a member who does not exist or deleted their account; 404 when a message id is not one ' +
          'the member sent me in our chat; 429 for an 11th report within 24 hours. With an Idempotency-Key, a retry answers ' +
          'the first result and writes nothing more; the same key with another body is 409.',
        headers: ReportHeaders,
        body: ReportBody,
        response: { 200: ReportResponse, 201: ReportResponse, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const answer = await service.fileReport(deps, request.member.userId, request.body, request.headers['idempotency-key']);
      reply.status(answer.created ? 201 : 200);
      return { id: answer.id, detail: REPORT_MESSAGES.filed };
    },
  );
};

export default reportRoutes;
