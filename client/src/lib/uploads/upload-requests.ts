import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import { rawRequest } from '@/lib/raw-request.ts';

/** What the server names an upload for: a profile photo slot, or a photo to send in a chat. */
export type UploadFieldName = 'photo1' | 'photo2' | 'photo3' | 'photo4' | 'photo5' | 'chat';

export interface CreateUploadBody {
  fieldName: UploadFieldName;
  contentType: string;
  contentLength: number;
  cameraMetadata?: { takenWithCamera: boolean };
  /** Photo 1 only: a face scan that passed just before, bound to the upload as it is created. */
  livenessToken?: string;
}

export interface CreatedUpload {
  uploadId: string;
  /** Object store only: PUT the file here, then mark it uploaded. */
  uploadUrl?: string;
}

export type UploadState = 'pending_review' | 'approved' | 'rejected' | 'error';

export interface UploadStatus {
  state: UploadState;
  rejectionReason: string | null;
  thumbnail?: string | null;
  preview?: string | null;
  full?: string | null;
  blob_url?: string | null;
}

/** POST /uploads/: announces the file (its type and size) and gets where to send it. */
export const createUpload = (body: CreateUploadBody) => api.post<CreatedUpload>(apiPaths.uploads, body, { toastErrors: false });

/**
 * Sends the file: to the storage URL and then mark_uploaded, or, when the server gave no URL (its
 * local store), as multipart. The PUT always says `x-ms-blob-type: BlockBlob`: an Azure-style
 * store refuses a PUT without it, and S3-style stores ignore it.
 */
export async function sendUploadFile(upload: CreatedUpload, file: Blob, fileName: string, contentType: string): Promise<void> {
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
