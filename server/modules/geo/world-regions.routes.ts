/**
 * GET /world_country_region.json (outside /api/v1, public): the static [{country, name}] list
 * of regions of every country, generated from the same offline dataset the profile location is
 * checked against. Built and serialised once on first request, then answered from memory with
 * long-lived caching and an ETag.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { worldRegions } from './location.ts';
import { WorldRegionsResponse } from './geo.schemas.ts';

export const WORLD_REGIONS_URL = '/world_country_region.json';
/** A week, then revalidated with the ETag; the list only changes when the dataset is upgraded. */
export const WORLD_REGIONS_CACHE_CONTROL = 'public, max-age=604800';

interface Serialised {
  body: string;
  etag: string;
}

let serialised: Promise<Serialised> | null = null;

function serialise(): Promise<Serialised> {
  serialised ??= worldRegions().then((regions) => {
    const body = JSON.stringify(regions);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  });
  return serialised;
}

// Untyped plugin on purpose: the handler sends pre-serialised JSON text, not the object type.
const worldRegionsRoute: FastifyPluginAsync = async (app) => {
  app.get(
    WORLD_REGIONS_URL,
    {
      schema: {
        tags: ['profiles'],
        summary: 'Regions of every country, as {country, name} pairs',
        response: { 200: WorldRegionsResponse, 304: { type: 'null', description: 'Not modified' } },
      },
    },
    async (request, reply) => {
      const { body, etag } = await serialise();
      reply.header('cache-control', WORLD_REGIONS_CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // Already JSON text: sent as is, without a second serialisation of ~5,000 entries.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};

export default worldRegionsRoute;
