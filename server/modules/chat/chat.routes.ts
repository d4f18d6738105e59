/**
 * Chat routes. Thin: schemas in chat.schemas.ts, rules in chat.service.ts and
 * read-receipts.service.ts. The id in every path is the MATCH id; anyone but its two members
 * (and either of them once a block stands between them) gets 404 'Match not found.'.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, DetailResponse, errorResponses } from '../common/index.ts';
import {
  ChatParams,
  ChatQuery,
  ChatResponse,
  ChatSettings,
  MarkReadBody,
  MarkReadResponse,
  SendMessageBody,
  SendMessageHeaders,
  SendMessageResponse,
} from './chat.schemas.ts';
import * as chat from './chat.service.ts';
import * as receipts from './read-receipts.service.ts';

const tags = ['chat'];
const security = AUTH_HEADER_SECURITY;

const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/match/chat/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Messages of my chat with a match, oldest first: the newest page, an older page (before_id) or what is new (after_id)',
        params: ChatParams,
        querystring: ChatQuery,
        response: { 200: ChatResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      chat.readChat(deps, request.member.userId, request.params.id, {
        afterId: request.query.after_id,
        beforeId: request.query.before_id,
        limit: request.query.limit,
      }),
  );

  app.post(
    '/match/chat/:id/',
    {
      schema: {
        tags,
        security,
        summary:
          'Send a message (text, an approved chat photo, or both) in an unlocked chat; 200 answers a retry with the same Idempotency-Key',
        params: ChatParams,
        headers: SendMessageHeaders,
        body: SendMessageBody,
        response: { 200: SendMessageResponse, 201: SendMessageResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const sent = await chat.sendMessage(deps, request.member.userId, request.params.id, request.body, request.headers['idempotency-key']);
      reply.status(sent.created ? 201 : 200);
      return { message: sent.message };
    },
  );

  app.delete(
    '/match/chat/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Clear the conversation from my own view; the other member keeps it',
        params: ChatParams,
        response: { 200: DetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ detail: await chat.clearChat(deps, request.member.userId, request.params.id) }),
  );

  app.post(
    '/match/chat/:id/read/',
    {
      schema: {
        tags,
        security,
        summary:
          'Move my read position forward (never back, never past the newest message); the peer is told while both send read receipts',
        params: ChatParams,
        body: MarkReadBody,
        response: { 200: MarkReadResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      last_read_message_id: await receipts.markRead(
        { db: app.db, push: app.events.push, log: request.log },
        request.member.userId,
        request.params.id,
        request.body.last_read_message_id,
      ),
    }),
  );

  app.get(
    '/chat/settings/',
    {
      schema: {
        tags,
        security,
        summary: 'My chat settings',
        response: { 200: ChatSettings, ...errorResponses(401, 404) },
      },
    },
    async (request) => receipts.readSettings(deps, request.member.userId),
  );

  app.patch(
    '/chat/settings/',
    {
      schema: {
        tags,
        security,
        summary: 'Change my chat settings: send_read_receipts (off also hides my matches’ receipts from me)',
        body: ChatSettings,
        response: { 200: ChatSettings, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => receipts.updateSettings(deps, request.member.userId, request.body),
  );
};

export default chatRoutes;
