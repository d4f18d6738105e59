/**
 * Profile routes. Thin: schemas in profiles.schemas.ts,
 * rules in profiles.service.ts. Every route needs a signed-in member and acts on that member;
 * the only id taken from the URL is the profile id of a profile to read.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, DetailResponse, errorResponses } from '../common/index.ts';
import { CompletenessResponse, OwnProfileResponse, ProfileIdParams, ProfilePatchBody } from './profiles.schemas.ts';
import { PublicProfileResponse } from '../members/index.ts';
import * as service from './profiles.service.ts';

const tags = ['profiles'];
const security = AUTH_HEADER_SECURITY;

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, config: app.config, log: app.log, media: app.media, identityHashSecret: app.identityHashSecret };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/my_profile/',
    {
      schema: {
        tags,
        security,
        summary: "The member's own profile, private fields included",
        response: { 200: OwnProfileResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.getOwnProfile(deps, request.member.userId),
  );

  for (const url of ['/profile/:id/', '/profile_by_id/:id/']) {
    app.get(
      url,
      {
        schema: {
          tags,
          security,
          summary: "Another member's profile by profile id (404 when deleted or blocked either way)",
          params: ProfileIdParams,
          response: { 200: PublicProfileResponse, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => {
        // Each view spends one unit of the member's hourly budget, so no account can copy every profile.
        await app.spendViewBudget(request, 'profiles', 1);
        return service.getPublicProfile(deps, request.member.userId, request.params.id);
      },
    );
  }

  app.patch(
    '/profile_update/',
    {
      schema: {
        tags,
        security,
        summary: 'Save the cleaned profile form; all or nothing, 400 with an errors map',
        description: '403 "This phone number can\'t be used on Betroth." when the new phone belongs to a banned member (nothing is saved).',
        body: ProfilePatchBody,
        response: { 200: OwnProfileResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.updateProfile(deps, request.member.userId, request.body),
  );

  app.get(
    '/profile/completeness/',
    {
      schema: {
        tags,
        security,
        summary: 'How complete the own profile is, and which required fields are missing',
        response: { 200: CompletenessResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.getCompleteness(deps, request.member.userId),
  );

  app.post(
    '/profile/delete/',
    {
      // A suspended or banned member keeps the right to erase their account.
      config: { allowRestricted: true },
      schema: {
        tags,
        security,
        summary: 'Delete the account and everything of it for good; ends every session',
        response: { 200: DetailResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      await service.deleteAccount(deps, request.member.userId);
      return { detail: service.PROFILE_SERVICE_MESSAGES.deleted };
    },
  );
};

export default profileRoutes;
