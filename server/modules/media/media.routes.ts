/**
 * GET /api/v1/media/{token}: the photos behind the signed URLs found in API answers. No
 * Authorization header (an <img> cannot send one): the signed token is the permission, checked
 * again against blocks and deletions on every request.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Static } from 'typebox';
import { errorResponses } from '../common/index.ts';
import { MediaParams } from './media.schemas.ts';
import { servePhoto } from './media.service.ts';

// Typed by hand: the answer is raw JPEG bytes, which the JSON type provider cannot describe.
const mediaRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, media: app.media, mediaUrls: app.mediaUrls };
  app.get<{ Params: Static<typeof MediaParams> }>(
    '/media/:token',
    {
      schema: {
        tags: ['media'],
        summary: 'A member photo (JPEG) behind a signed, expiring URL; refused once the owner is no longer visible to the viewer',
        params: MediaParams,
        response: {
          200: { description: 'The photo', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } },
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const photo = await servePhoto(deps, request.params.token);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', `private, max-age=${photo.cacheSeconds}`)
        .header('content-disposition', 'inline')
        .send(photo.body);
    },
  );
};

export default mediaRoutes;
