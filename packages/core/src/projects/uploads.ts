/** Images a person may attach to a chat message (enableImageUploads); the API decides by the bytes, the browser by the type. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS = 4;
