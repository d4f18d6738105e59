/**
 * Upload routes and deleting a profile photo. Thin: schemas in uploads.schemas.ts, rules in
 * uploads.service.ts, photo-slots.service.ts and scan-binding.service.ts (binding a passed face
 * scan to photo 1, under the liveness tag). Every upload id in a path is the caller's own
 * (another member's is a 404); the multipart body parser lives only on the one route that
 * takes a file.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, DetailResponse, errorResponses } from '../common/index.ts';
import multipartUploadRoute from './multipart.route.ts';
import * as photoSlots from './photo-slots.service.ts';
import * as scanBinding from './scan-binding.service.ts';
import {
  BindScanBody,
  BindScanResponse,
  CreateUploadBody,
  CreateUploadResponse,
  PhotoSlotParams,
  UploadParams,
  UploadStatusResponse,
} from './uploads.schemas.ts';
import { MAX_FACE_SCAN_BASE64 } from './uploads.rules.ts';
import { scheduleStaleUploadSweep } from './stale-uploads.ts';
import * as service from './uploads.service.ts';
import type { PhotoSlot } from './uploads.queries.ts';

const tags = ['uploads'];
const security = AUTH_HEADER_SECURITY;

/** Room for a face scan (base64) and the rest of the JSON around it. */
const CREATE_BODY_LIMIT = MAX_FACE_SCAN_BASE64 + 64 * 1024;

const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, media: app.media };
  app.addHook('onRequest', app.authenticate);
  scheduleStaleUploadSweep({ ...deps, log: app.log }, (stop) => app.addHook('onClose', async () => stop()));

  app.post(
    '/uploads/',
    {
      bodyLimit: CREATE_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Start an upload of a profile photo (photo1..photo5) or a chat photo; on the object store the answer carries the URL to PUT the file to',
        body: CreateUploadBody,
        response: { 201: CreateUploadResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.createUpload(deps, request.member.userId, request.body);
    },
  );

  await app.register(multipartUploadRoute);

  app.post(
    '/uploads/:id/mark_uploaded',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm the presigned PUT finished; the upload then waits for review',
        params: UploadParams,
        response: { 200: UploadStatusResponse, ...errorResponses(400, 401, 404, 409, 413) },
      },
    },
    async (request) => service.markUploaded(deps, request.member.userId, request.params.id),
  );

  app.get(
    '/uploads/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Review state of my upload; image URLs once approved',
        params: UploadParams,
        response: { 200: UploadStatusResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.uploadStatus(deps, request.member.userId, request.params.id),
  );

  app.delete(
    '/profile/photo/:index/delete/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one of my profile photos (slot 1..5); completeness is recomputed',
        params: PhotoSlotParams,
        response: { 200: DetailResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      detail: await photoSlots.deletePhoto({ ...deps, log: request.log }, request.member.userId, request.params.index as PhotoSlot),
    }),
  );

  app.post(
    '/uploads/:id/liveness/',
    {
      schema: {
        tags: ['liveness'],
        security,
        summary: 'Bind a passed face scan to my photo 1 upload; an approved photo 1 that matches it makes me verified',
        params: UploadParams,
        body: BindScanBody,
        response: { 200: BindScanResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => scanBinding.bindScan(deps, request.member.userId, request.params.id, request.body),
  );
};

export default uploadRoutes;
