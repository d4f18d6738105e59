/**
 * Discovery and saved-filter routes. Thin: schemas in discovery.schemas.ts,
 * rules in discovery.service.ts. Every route acts on the signed-in member only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { DISCOVERY_PAGE_SIZE } from '../../contract/filters-query.ts';
import { DiscoveryQuery, ProfilePage, SavedFiltersBody, SavedFiltersResponse } from './discovery.schemas.ts';
import * as service from './discovery.service.ts';

const tags = ['discovery'];
const security = AUTH_HEADER_SECURITY;

const discoveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db };
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/profiles/',
    {
      schema: {
        tags,
        security,
        summary: 'Discovery: complete opposite-gender profiles, filtered, unswiped first then nearer then newest (400 without a gender)',
        querystring: DiscoveryQuery,
        response: { 200: ProfilePage, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      // A page costs what it shows: one unit per 20 profiles, so big pages are no way around the budget.
      await app.spendViewBudget(request, 'discovery', Math.ceil((request.query.page_size ?? DISCOVERY_PAGE_SIZE) / DISCOVERY_PAGE_SIZE));
      return service.discover(deps, request.member.userId, request.query);
    },
  );

  app.get(
    '/filter_profiles/',
    {
      schema: {
        tags,
        security,
        summary: 'The saved discovery filters (defaults maxAge 100, maxDistance 5000 when none)',
        response: { 200: SavedFiltersResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => service.getFilters(deps, request.member.userId),
  );

  app.post(
    '/filter_profiles/',
    {
      schema: {
        tags,
        security,
        summary: 'Save the discovery filters (replaces them); 400 with an errors map for unknown keys or values',
        body: SavedFiltersBody,
        response: { 200: SavedFiltersResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.saveFilters(deps, request.member.userId, request.body),
  );
};

export default discoveryRoutes;
