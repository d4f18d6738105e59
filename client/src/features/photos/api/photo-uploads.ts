import { apiPaths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import type { PhotoSlot, UploadStatus } from '../hooks/photo-rules.ts';
import { rawRequest } from '../../../lib/raw-request.ts';

export interface CreatedUpload {
  uploadId: string;
  /** Object store only: PUT the file here, then mark it uploaded. */
  uploadUrl?: string;
}

export interface CreatePhotoUpload {
  slot: PhotoSlot;
  contentType: string;
  contentLength: number;
  takenWithCamera: boolean;
  /** Photo 1 only: a face scan that passed just before, bound to the upload as it is created. */
  livenessToken?: string;
}

/** POST /uploads/ for a profile photo slot (fieldName photo1..photo5). */
export const createPhotoUpload = (request: CreatePhotoUpload) =>
  api.post<CreatedUpload>(
    apiPaths.uploads,
    {
      fieldName: `photo${request.slot}`,
      contentType: request.contentType,
      contentLength: request.contentLength,
      cameraMetadata: { takenWithCamera: request.takenWithCamera },
      ...(request.livenessToken ? { livenessToken: request.livenessToken } : {}),
    },
    { toastErrors: false },
  );

/**
 * Sends the file: to the storage URL (with the content type and block-blob headers the spec
 * names) and then mark_uploaded, or, when the server gave no URL (its local store), as multipart.
 */
export async function sendPhotoFile(upload: CreatedUpload, file: Blob, fileName: string, contentType: string): Promise<void> {
  if (upload.uploadUrl) {
    await rawRequest(upload.uploadUrl, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': contentType, 'x-ms-blob-type': 'BlockBlob' },
      external: true,
    });
    await api.post<UploadStatus>(apiPaths.uploadMarkUploaded(upload.uploadId), undefined, { toastErrors: false });
    return;
  }
  const form = new FormData();
  form.append('file', file, fileName);
  await rawRequest<UploadStatus>(apiPaths.uploadMultipart(upload.uploadId), { method: 'POST', body: form });
}

export const getUploadStatus = (uploadId: string) => api.get<UploadStatus>(apiPaths.uploadStatus(uploadId), { toastErrors: false });
