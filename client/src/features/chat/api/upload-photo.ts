import { apiPaths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { rawRequest } from '../../../lib/raw-request.ts';

export interface CreatedUpload {
  uploadId: string;
  /** Object store only: PUT the file here, then mark it uploaded. */
  uploadUrl?: string;
}

export type UploadState = 'pending_review' | 'approved' | 'rejected' | 'error';

export interface UploadStatus {
  state: UploadState;
  rejectionReason: string | null;
}

/** Starts a chat-photo upload (fieldName 'chat'). */
export const createChatUpload = (contentType: string, contentLength: number) =>
  api.post<CreatedUpload>(apiPaths.uploads, { fieldName: 'chat', contentType, contentLength }, { toastErrors: false });

/** Sends the file: to the presigned URL (then mark_uploaded) or, on the local store, as multipart. */
export async function sendUploadFile(upload: CreatedUpload, file: File, contentType: string): Promise<void> {
  if (upload.uploadUrl) {
    await rawRequest<unknown>(upload.uploadUrl, { method: 'PUT', body: file, headers: { 'Content-Type': contentType }, external: true });
    await api.post<UploadStatus>(apiPaths.uploadMarkUploaded(upload.uploadId), undefined, { toastErrors: false });
    return;
  }
  const form = new FormData();
  form.append('file', file, file.name || 'photo');
  await rawRequest<UploadStatus>(apiPaths.uploadMultipart(upload.uploadId), { method: 'POST', body: form });
}

export const getUploadStatus = (uploadId: string) => api.get<UploadStatus>(apiPaths.uploadStatus(uploadId), { toastErrors: false });
