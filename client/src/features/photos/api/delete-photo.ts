import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import type { PhotoSlot } from '../hooks/photo-rules.ts';

/** DELETE /profile/photo/{index}/delete/: clears the slot (the server recomputes completeness). */
export const deletePhoto = (slot: PhotoSlot) => api.delete<unknown>(apiPaths.deletePhoto(slot), { toastErrors: false });
