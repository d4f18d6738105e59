/** Request and response contracts of the upload routes and of deleting a profile photo. */
import { Type } from 'typebox';
import { MAX_FACE_SCAN_BASE64, MAX_UPLOAD_BYTES, UPLOAD_FIELD_NAMES } from './uploads.rules.ts';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const CreateUploadBody = Type.Object(
  {
    fieldName: Type.Union(
      UPLOAD_FIELD_NAMES.map((name) => Type.Literal(name)),
      { description: "'photo1'..'photo5' (profile photo slot) or 'chat'" },
    ),
    // Checked by the service rather than here, so the member sees the one message the client shows.
    contentType: Type.String({ maxLength: 100, description: 'image/jpeg, image/png, image/webp, image/heic or image/heif' }),
    contentLength: Type.Number({ description: `Size in bytes, a whole number from 1 to ${MAX_UPLOAD_BYTES}` }),
    cameraMetadata: Type.Optional(Type.Object({ takenWithCamera: Type.Optional(Type.Boolean()) }, { additionalProperties: false })),
    livenessToken: Type.Optional(Type.String({ maxLength: 2000 })),
    faceScan: Type.Optional(
      Type.String({
        maxLength: MAX_FACE_SCAN_BASE64,
        pattern: '^[A-Za-z0-9+/]*={0,2}$',
        description: 'Base64 still frame for the liveness check',
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreateUploadResponse = Type.Object({
  uploadId: Type.String({ format: 'uuid' }),
  uploadUrl: Type.Optional(
    Type.String({
      description: 'Object store only: PUT the file here with the declared Content-Type and Content-Length, then call mark_uploaded',
    }),
  ),
});

export const UploadParams = Type.Object({
  id: Type.String({ format: 'uuid', 'x-id-of': 'upload', description: 'Upload id' }),
});

export const UploadStatusResponse = Type.Object(
  {
    state: Type.Union([Type.Literal('pending_review'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('error')]),
    rejectionReason: nullable(Type.String()),
    thumbnail: nullable(Type.String()),
    preview: nullable(Type.String()),
    full: nullable(Type.String()),
    blob_url: nullable(Type.String()),
  },
  { additionalProperties: false },
);

/** A slot of the caller's own profile: not another member's id, so the access sweep skips it. */
export const PhotoSlotParams = Type.Object({
  index: Type.Integer({ minimum: 1, maximum: 5, 'x-id-of': 'own-photo-slot', description: 'Profile photo slot 1..5' }),
});

export const BindScanBody = Type.Object(
  {
    sessionToken: Type.String({ format: 'uuid', description: 'The livenessToken (or the session token) of a passed scan' }),
    score: Type.Number({ minimum: 0, maximum: 1, description: 'As answered by verify; the stored score is what counts' }),
  },
  { additionalProperties: false },
);

export const BindScanResponse = Type.Object(
  {
    detail: Type.String(),
    verified: Type.Boolean({ description: 'True once photo 1 is approved and matches this scan' }),
  },
  { additionalProperties: false },
);
