/**
 * The one route that takes a file through the API (the local store's way of uploading). Its
 * own plugin, so the multipart parser and its limits apply here and nowhere else. The upload is
 * looked up before the body is read: a stranger's file is never read, and the declared length
 * (at most 10 MB) caps how much is.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_HEADER_SECURITY, errorResponses } from '../common/index.ts';
import { badRequest } from '../../kernel/errors.ts';
import { UploadParams, UploadStatusResponse } from './uploads.schemas.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from './uploads.rules.ts';
import * as service from './uploads.service.ts';

/** A file over the cap gets the client's size message; any other broken body is the client's fault too. */
function readFailure(error: unknown): Error {
  const failure = error as { code?: string; statusCode?: number };
  if (failure.code === 'FST_REQ_FILE_TOO_LARGE') return service.payloadTooLarge();
  if (failure.statusCode && failure.statusCode >= 400 && failure.statusCode < 500) return error as Error;
  return badRequest(UPLOAD_MESSAGES.unreadable);
}

const multipartUploadRoute: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, media: app.media };
  // One file and a few small fields at most; anything more is refused by the parser.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 50 },
  });

  app.post(
    '/uploads/:id/multipart',
    {
      schema: {
        tags: ['uploads'],
        security: AUTH_HEADER_SECURITY,
        summary: 'Send the file of my upload as multipart/form-data (one file field); the upload then waits for review',
        consumes: ['multipart/form-data'],
        params: UploadParams,
        response: { 200: UploadStatusResponse, ...errorResponses(400, 401, 404, 406, 409, 413) },
      },
    },
    async (request) => {
      const { userId } = request.member;
      const upload = await service.uploadToReceive(deps, userId, request.params.id);
      if (upload.state !== 'awaiting_upload') return service.answerAgain(upload);
      let bytes: Buffer | null;
      try {
        const file = await request.file({ limits: { fileSize: Math.min(upload.contentLength, MAX_UPLOAD_BYTES) } });
        bytes = file ? await file.toBuffer() : null;
      } catch (error) {
        throw readFailure(error);
      }
      if (!bytes) throw badRequest(UPLOAD_MESSAGES.noFile);
      return service.receiveBytes(deps, userId, upload.id, bytes);
    },
  );
};

export default multipartUploadRoute;
