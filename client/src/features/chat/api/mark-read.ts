import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** Moves my read position forward (never back); the peer is told while both send receipts. Silent on failure. */
export const markRead = (matchId: string | number, lastReadMessageId: number) =>
  api.post<{ last_read_message_id: number }>(
    apiPaths.chatRead(matchId),
    { last_read_message_id: lastReadMessageId },
    { toastErrors: false },
  );
