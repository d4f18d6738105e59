import { useCallback, useState } from 'react';
import { refreshAfter } from '@/lib/cache.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import { blockUser } from '../api/block-user.ts';

export function useBlockUser() {
  const [busy, setBusy] = useState(false);
  const block = useCallback(async (userId: number | string): Promise<boolean> => {
    setBusy(true);
    try {
      await blockUser(userId);
      toast.success('User blocked successfully');
      void refreshAfter('block');
      return true;
    } catch (error) {
      console.error('Block failed', error);
      // A 401 was already handled by the api client (signed out, sent to /signin).
      if (!(error instanceof ApiError && error.status === 401)) toast.error('Failed to block user');
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { block, busy };
}
