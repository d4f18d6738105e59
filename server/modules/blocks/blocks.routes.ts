/**
 * Block routes. Thin: schemas in blocks.schemas.ts,
 * rules in blocks.service.ts. The id in a URL is a user id; a member only ever adds or removes
 * their own blocks.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, DetailResponse, errorResponses } from '../common/index.ts';
import { BlockedUsersResponse, BlockUserParams } from './blocks.schemas.ts';
import * as service from './blocks.service.ts';

const tags = ['blocks'];
const security = AUTH_HEADER_SECURITY;

const blockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db };
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/block/:user_id/',
    {
      schema: {
        tags,
        security,
        summary: 'Block a user: both stop seeing each other; their match and likes are removed (repeating is harmless)',
        params: BlockUserParams,
        response: { 200: DetailResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.block(deps, request.member.userId, request.params.user_id);
      return { detail: service.BLOCK_MESSAGES.blocked };
    },
  );

  app.delete(
    '/block/:user_id/unblock/',
    {
      schema: {
        tags,
        security,
        summary: 'Remove my block of a user (404 when I have not blocked them); the removed match does not return',
        params: BlockUserParams,
        response: { 200: DetailResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.unblock(deps, request.member.userId, request.params.user_id);
      return { detail: service.BLOCK_MESSAGES.unblocked };
    },
  );

  app.get(
    '/blocked/',
    {
      schema: {
        tags,
        security,
        summary: 'The users I blocked',
        response: { 200: BlockedUsersResponse, ...errorResponses(401) },
      },
    },
    async (request) => service.blockedUsers(deps, request.member.userId),
  );
};

export default blockRoutes;
