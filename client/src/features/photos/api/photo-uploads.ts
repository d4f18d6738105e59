import type { CreateUploadBody } from '@/lib/uploads/upload-requests.ts';
import type { PhotoSlot } from '../hooks/photo-rules.ts';

export interface PhotoUploadRequest {
  slot: PhotoSlot;
  contentType: string;
  contentLength: number;
  takenWithCamera: boolean;
}

/** The create body of a profile photo: its slot as the field name (photo1..photo5), and whether the camera took it. */
export const photoUploadBody = (request: PhotoUploadRequest): CreateUploadBody => ({
  fieldName: `photo${request.slot}`,
  contentType: request.contentType,
  contentLength: request.contentLength,
  cameraMetadata: { takenWithCamera: request.takenWithCamera },
});
