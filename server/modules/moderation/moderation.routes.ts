/**
 * The moderators' routes under /api/v1/moderation/. Thin: rules in the services. Every route of
 * this plugin answers anyone who is not a signed-in moderator (no token, a bad one, a member)
 * exactly what an unknown route answers, before its parameters or body are even read, so the
 * answer tells nobody whether the area exists or what it would accept.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { RESTRICTED_CODE } from '../../contract/restrictions.ts';
import { AppError, routeNotFound } from '../../kernel/errors.ts';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { isModerator } from './moderation.queries.ts';
import { decideAppeal } from './appeals.service.ts';
import { DecideBody, QueueQuery, QueueResponse, ReportParams, ReportResponse } from './moderation.schemas.ts';
import { AppealDecisionBody } from './statements.schemas.ts';
import { FaceDecisionBody, FaceDecisionResponse, FaceParams, FaceQueueQuery, FaceQueueResponse } from './face-review.schemas.ts';
import { decideFace, readFaceQueue } from './face-review.service.ts';
import { claimReport, decideReport, decisionOf } from './moderation.service.ts';
import { readQueue, readReport } from './queue.service.ts';

const tags = ['moderation'];
const security = AUTH_HEADER_SECURITY;
const HIDDEN = 'Answers 404, as an unknown route does, to anyone who is not a signed-in moderator.';

const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    try {
      await app.authenticate(request);
    } catch (error) {
      // A restricted moderator cannot moderate, and their 403 must not tell the area exists either.
      if (error instanceof AppError && (error.statusCode === 401 || error.code === RESTRICTED_CODE)) {
        throw routeNotFound(request.method, request.url);
      }
      throw error;
    }
    if (!(await isModerator(app.db, request.member.userId))) throw routeNotFound(request.method, request.url);
  });

  app.get(
    '/moderation/queue/',
    {
      schema: {
        tags,
        security,
        summary: 'The moderation queue: open and in-review reports (never those about me), critical categories first, then oldest',
        description: `${HIDDEN} Keyset pages: pass next_cursor as cursor. 400 for a cursor that names no report.`,
        querystring: QueueQuery,
        response: { 200: QueueResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => readQueue(deps, request.member.userId, request.query),
  );

  app.get(
    '/moderation/reports/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One report in full: the queue item, every evidence snapshot, the member’s other reports, the audit trail',
        description: HIDDEN,
        params: ReportParams,
        response: { 200: ReportResponse, ...errorResponses(404) },
      },
    },
    async (request) => readReport(deps, request.member.userId, request.params.id),
  );

  app.post(
    '/moderation/reports/:id/claim/',
    {
      schema: {
        tags,
        security,
        summary: 'Claim a report: open → in_review, assigned to me',
        description: `${HIDDEN} A repeat of my own claim answers the same. 409 when the report is not open (another moderator claimed it first); 403 for a report I filed; 404 for one about me.`,
        params: ReportParams,
        response: { 200: ReportResponse, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      await claimReport(deps, request.member.userId, request.params.id);
      return readReport(deps, request.member.userId, request.params.id);
    },
  );

  app.post(
    '/moderation/reports/:id/decide/',
    {
      schema: {
        tags,
        security,
        summary: 'Decide a report I claimed: dismiss it, or act (a strike; a suspension or ban restricts the member)',
        description: `${HIDDEN} 403 for anyone but the moderator who claimed it; 409 when the report is not in review. Sending the same decision again answers the same and writes nothing.`,
        params: ReportParams,
        body: DecideBody,
        response: { 200: ReportResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await decideReport(deps, request.member.userId, request.params.id, decisionOf(request.body));
      return readReport(deps, request.member.userId, request.params.id);
    },
  );

  app.post(
    '/moderation/reports/:id/appeal/',
    {
      schema: {
        tags,
        security,
        summary: 'Decide the member’s appeal against a decision: uphold it, or overturn it (the strike is voided, its restriction lifted)',
        description: `${HIDDEN} 403 for the moderator who took the appealed decision and for the report’s filer; 409 when the report has no pending appeal. The same outcome sent again by the same moderator answers the same and writes nothing.`,
        params: ReportParams,
        body: AppealDecisionBody,
        response: { 200: ReportResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await decideAppeal(
        deps,
        request.member.userId,
        request.params.id,
        request.body as { outcome: 'uphold' | 'overturn'; reason: string },
      );
      return readReport(deps, request.member.userId, request.params.id);
    },
  );

  app.get(
    '/moderation/faces/',
    {
      schema: {
        tags,
        security,
        summary: 'The face queue: verified faces already verified on another live account, oldest first (never my own face)',
        description: `${HIDDEN} Keyset pages: pass next_cursor as cursor. 400 for a cursor that names no face print.`,
        querystring: FaceQueueQuery,
        response: { 200: FaceQueueResponse, ...errorResponses(400, 404) },
      },
    },
    async (request) => readFaceQueue(deps, request.member.userId, request.query),
  );

  app.post(
    '/moderation/faces/:user_id/decide/',
    {
      schema: {
        tags,
        security,
        summary: 'Decide a face match: distinct people (the badge is granted) or the same person on two accounts (no badge)',
        description: `${HIDDEN} 404 for a print that does not exist, or of or matched with me; 409 once decided (the same decision again by the same moderator answers the same).`,
        params: FaceParams,
        body: FaceDecisionBody,
        response: { 200: FaceDecisionResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => decideFace(deps, request.member.userId, request.params.user_id, request.body),
  );
};

export default moderationRoutes;
