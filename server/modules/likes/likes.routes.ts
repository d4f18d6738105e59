/**
 * Like, likes-list, match and unmatch routes. Thin: schemas in
 * likes.schemas.ts, rules in likes.service.ts. Every route acts on the signed-in member's own
 * likes and matches; the id in a URL is the peer's profile id.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, DetailResponse, errorResponses } from '../common/index.ts';
import {
  LikeBody,
  LikeResponse,
  LikesReceivedResponse,
  LikesSentResponse,
  MatchesResponse,
  MatchParams,
  NewMatchesResponse,
  PeerProfileParams,
} from './likes.schemas.ts';
import * as service from './likes.service.ts';

const tags = ['likes'];
const security = AUTH_HEADER_SECURITY;

const likeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db };
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/match/like/',
    {
      schema: {
        tags,
        security,
        summary: 'Like (liked true) or pass (false); a mutual like makes one match',
        body: LikeBody,
        response: { 200: LikeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.like(deps, request.member.userId, request.body.to_profile_id, request.body.liked),
  );

  app.get(
    '/match/likes_received/',
    {
      schema: {
        tags,
        security,
        summary: 'Members who liked me, not matched and not blocked either way',
        response: { 200: LikesReceivedResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ likes_received: await service.likesReceived(deps, request.member.userId) }),
  );

  app.get(
    '/match/likes_sent/',
    {
      schema: {
        tags,
        security,
        summary: 'Members I liked, not blocked either way',
        response: { 200: LikesSentResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ likes_sent: await service.likesSent(deps, request.member.userId) }),
  );

  app.get(
    '/match/matches/',
    {
      schema: {
        tags,
        security,
        summary: 'My matches with the peer profile and what each chat shows (newest message, unread count), latest activity first',
        response: { 200: MatchesResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ matches: await service.matchesOf(deps, request.member.userId) }),
  );

  app.get(
    '/match/new_matches/',
    {
      schema: {
        tags,
        security,
        summary: 'Matches whose "It\'s a match" moment I have not seen yet, newest first',
        response: { 200: NewMatchesResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ new_matches: await service.newMatchesOf(deps, request.member.userId) }),
  );

  app.post(
    '/match/new_matches/:id/seen/',
    {
      schema: {
        tags,
        security,
        summary: 'Mark the moment of one of my matches seen, on every device (repeating is harmless; 404 outside the match)',
        params: MatchParams,
        response: { 200: DetailResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.markMatchSeen(deps, request.member.userId, request.params.id);
      return { detail: service.LIKE_MESSAGES.seen };
    },
  );

  app.post(
    '/match/unlike/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Remove my like of a profile and any match with it, chat history included (404 when there is none)',
        params: PeerProfileParams,
        response: { 200: DetailResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.unlike(deps, request.member.userId, request.params.id);
      return { detail: service.LIKE_MESSAGES.unliked };
    },
  );

  app.post(
    '/match/unmatch/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'End my match with a profile and its chat history; both likes become passes (404 when not matched)',
        params: PeerProfileParams,
        response: { 200: DetailResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.unmatch(deps, request.member.userId, request.params.id);
      return { detail: service.LIKE_MESSAGES.unmatched };
    },
  );
};

export default likeRoutes;
