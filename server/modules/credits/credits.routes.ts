/**
 * Chat-unlock routes: spend a credit on a match's chat, end it, cancel its payment. Thin: rules
 * in chat-unlock.service.ts. The match id is the caller's own match; anyone else's is 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { ChatAccessResponse, MatchIdBody, MatchParams, UnlockHeaders } from './credits.schemas.ts';
import * as chatUnlock from './chat-unlock.service.ts';

const tags = ['chat credits'];
const security = AUTH_HEADER_SECURITY;

const creditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db };
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/match/use_chat_credit/',
    {
      schema: {
        tags,
        security,
        summary: 'Spend 1 credit to open a match’s chat for both members (free when it is already open)',
        description:
          '402 with "You need at least 1 credit to unlock this chat" when the balance is 0. With an Idempotency-Key, a retry ' +
          'answers the first result; the same key with another match is 409.',
        headers: UnlockHeaders,
        body: MatchIdBody,
        response: { 200: ChatAccessResponse, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (request) => chatUnlock.unlockChat(deps, request.member.userId, request.body.match_id, request.headers['idempotency-key']),
  );

  app.post(
    '/match/end_chat_privilege/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Lock a match’s chat again for both members; the history stays, unlocking again costs 1 credit',
        params: MatchParams,
        response: { 200: ChatAccessResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => chatUnlock.endChat(deps, request.member.userId, request.params.id),
  );

  app.post(
    '/match/cancel_chat_payment/',
    {
      schema: {
        tags,
        security,
        summary: 'Undo my unlock of a chat nobody has written in yet: the credit comes back, the chat locks',
        body: MatchIdBody,
        response: { 200: ChatAccessResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => chatUnlock.cancelChatPayment(deps, request.member.userId, request.body.match_id),
  );
};

export default creditRoutes;
