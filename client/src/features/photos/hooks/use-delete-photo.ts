import { useCallback, useState } from 'react';
import { ApiError, serverMessage } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import { deletePhoto } from '../api/delete-photo.ts';
import { PHOTO_MESSAGES, type PhotoSlot } from './photo-rules.ts';

/** Deleting a profile photo: 'Photo N deleted', then the profile and completeness reload. */
export function useDeletePhoto(onDeleted: (slot: PhotoSlot) => Promise<unknown>, announce: (message: string) => void) {
  const [deleting, setDeleting] = useState<PhotoSlot | null>(null);
  const remove = useCallback(
    async (slot: PhotoSlot): Promise<boolean> => {
      setDeleting(slot);
      try {
        await deletePhoto(slot);
        await onDeleted(slot);
        toast.success(PHOTO_MESSAGES.deleted(slot));
        announce(PHOTO_MESSAGES.deleted(slot));
        return true;
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null;
        if (apiError?.status !== 401) toast.error(serverMessage(apiError?.body) ?? apiError?.message ?? `Failed to delete photo ${slot}`);
        return false;
      } finally {
        setDeleting(null);
      }
    },
    [announce, onDeleted],
  );
  return { deleting, remove };
}
