import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/**
 * Ends the match with the peer (the id is the peer's PROFILE id): the chat and its history go
 * for both, and neither shows in the other's likes lists. The screen words its own failure.
 */
export const unmatch = (peerProfileId: number) =>
  api.post<{ detail: string }>(apiPaths.unmatch(peerProfileId), undefined, { toastErrors: false });
