/** Test helpers for photo uploads through the API: create, send the file (multipart), wait for the verdict. */
import type { FastifyInstance } from 'fastify';
import type { TestMember } from './factories.ts';

export function createUpload(app: FastifyInstance, member: TestMember, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/uploads/', headers: member.auth, payload });
}

export function sendUploadFile(app: FastifyInstance, member: TestMember, uploadId: string, bytes: Buffer) {
  const boundary = '----betroth-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/v1/uploads/${uploadId}/multipart`,
    headers: { ...member.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

export const uploadStatus = (app: FastifyInstance, member: TestMember, uploadId: string) =>
  app.inject({ method: 'GET', url: `/api/v1/uploads/${uploadId}/status`, headers: member.auth });

/** Creates an upload for `fieldName` and sends `bytes` through the API; returns its id. */
export async function uploadPhoto(app: FastifyInstance, member: TestMember, fieldName: string, bytes: Buffer): Promise<string> {
  const created = await createUpload(app, member, { fieldName, contentType: 'image/jpeg', contentLength: bytes.length });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const { uploadId } = created.json() as { uploadId: string };
  const sent = await sendUploadFile(app, member, uploadId, bytes);
  if (sent.statusCode !== 200) throw new Error(`send failed: ${sent.body}`);
  return uploadId;
}

export interface UploadVerdict {
  state: string;
  rejectionReason: string | null;
  thumbnail: string | null;
  preview: string | null;
  full: string | null;
  blob_url: string | null;
}

/** Polls the status route, as the client does, until moderation has decided (or `timeoutMs` passes). */
export async function waitForVerdict(
  app: FastifyInstance,
  member: TestMember,
  uploadId: string,
  timeoutMs = 30_000,
): Promise<UploadVerdict> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await uploadStatus(app, member, uploadId)).json() as UploadVerdict;
    if (status.state !== 'pending_review' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
