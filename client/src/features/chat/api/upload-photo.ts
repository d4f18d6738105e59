import type { CreateUploadBody } from '@/lib/uploads/upload-requests.ts';

/** The create body of a chat photo (fieldName 'chat': no slot, sent in a message once approved). */
export const chatUploadBody = (contentType: string, contentLength: number): CreateUploadBody => ({
  fieldName: 'chat',
  contentType,
  contentLength,
});
