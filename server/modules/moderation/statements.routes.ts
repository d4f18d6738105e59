/**
 * A member's own statements of reasons and their appeals. These are the routes a suspended or
 * banned member may still use (`allowRestricted`): everything else answers them 403.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { fileAppeal } from './appeals.service.ts';
import { AppealBody, Statement, StatementParams, StatementsResponse } from './statements.schemas.ts';
import { readStatements, statementView } from './statements.service.ts';
import { findOwnStatement } from './statements.queries.ts';

const tags = ['moderation'];
const security = AUTH_HEADER_SECURITY;

const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, appUrl: app.config.publicUrl };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/statements/',
    {
      config: { allowRestricted: true },
      schema: {
        tags,
        security,
        summary: 'My statements of reasons (newest first) and the restriction I am under now, if any',
        response: { 200: StatementsResponse, ...errorResponses(401) },
      },
    },
    async (request) => readStatements(deps, request.member.userId, request.member.restriction),
  );

  app.post(
    '/statements/:id/appeal/',
    {
      config: { allowRestricted: true },
      schema: {
        tags,
        security,
        summary: 'Appeal the decision of one of my statements: once, within 14 days',
        description:
          'Another member’s statement, or one that does not exist, is 404. 409 when the statement is not a decision, was already appealed (the same text again answers 200), or its window has passed.',
        params: StatementParams,
        body: AppealBody,
        response: { 200: Statement, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await fileAppeal(deps, request.member.userId, request.params.id, request.body.text);
      const row = await findOwnStatement(app.db, request.member.userId, request.params.id);
      return statementView(row as NonNullable<typeof row>, deps.appUrl);
    },
  );
};

export default statementRoutes;
