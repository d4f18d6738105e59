/**
 * What a photo upload may be, for the browser (checks before sending) and the server (checks the
 * announced upload and the bytes) alike: the image types the moderation pipeline can read, the
 * size cap, and the words a refusal is shown with. One place, so the pickers, the JSON route, the
 * multipart route and the object-store check cannot drift apart.
 */

/** 10 MB: the largest photo accepted, in bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The phone's HEIC/HEIF is accepted as sent; moderation converts it. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** The type a file name stands for, for files a phone hands over without a type (HEIC often). */
export const IMAGE_TYPE_OF_EXTENSION: Readonly<Record<string, AcceptedImageType>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** What a file picker offers (its `accept` attribute): every accepted type and its extensions. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, ...Object.keys(IMAGE_TYPE_OF_EXTENSION).map((extension) => `.${extension}`)].join(
  ',',
);

/** The words a refused file is shown with, on both sides. */
export const UPLOAD_RULE_MESSAGES = {
  notAnImage: 'Please select an image file',
  tooLarge: 'Image must be less than 10MB',
} as const;

export const isAcceptedImageType = (contentType: string): boolean =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(contentType.trim().toLowerCase());

/** A whole number of bytes, at least one, at most the cap. */
export const isAcceptableUploadSize = (size: number): boolean => Number.isInteger(size) && size > 0 && size <= MAX_UPLOAD_BYTES;

/** The accepted type a file name's extension stands for, or null. */
export function imageTypeOfName(name: string): AcceptedImageType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (extension && IMAGE_TYPE_OF_EXTENSION[extension]) || null;
}

/**
 * Why a file may not be uploaded, or null when it may: the message to show. `type` is the
 * declared content type; a browser that gives none may pass the file's `name` so its extension
 * stands in. An empty or fractional size counts as outside the cap.
 */
export function checkUploadFile(file: { type: string; size: number; name?: string }): string | null {
  const type = file.type.trim() === '' && file.name !== undefined ? (imageTypeOfName(file.name) ?? '') : file.type;
  if (!isAcceptedImageType(type)) return UPLOAD_RULE_MESSAGES.notAnImage;
  if (!isAcceptableUploadSize(file.size)) return UPLOAD_RULE_MESSAGES.tooLarge;
  return null;
}
