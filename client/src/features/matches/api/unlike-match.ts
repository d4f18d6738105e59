import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/**
 * Removes my like of the peer's profile and the match with it, chat history included (404 when
 * there is none). The id is the peer's PROFILE id. The screen toasts its own words.
 */
export const unlikeMatch = (peerProfileId: number) =>
  api.post<{ detail: string }>(apiPaths.unlike(peerProfileId), undefined, { toastErrors: false });
