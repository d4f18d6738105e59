/**
 * GET /api/v1/cities/: place names for the city field while a member types. Signed-in members
 * only (both forms that use it are behind sign-in), so the list cannot be scraped anonymously.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { searchCities } from './city-search.ts';
import { CitySearchQuery, CitySearchResponse } from './geo.schemas.ts';

const cityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/cities/',
    {
      schema: {
        tags: ['profiles'],
        security: AUTH_HEADER_SECURITY,
        summary: 'City suggestions for a country (and US state): names a profile save accepts, best match first',
        querystring: CitySearchQuery,
        response: { 200: CitySearchResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ cities: await searchCities(request.query) }),
  );
};

export default cityRoutes;
