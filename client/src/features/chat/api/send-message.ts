import { apiPaths } from '@/config/paths.ts';
import type { ChatMessage } from './get-chat.ts';
import { rawRequest } from '@/lib/raw-request.ts';

export interface SendInput {
  message?: string;
  /** An approved chat upload of mine, never sent before. */
  uploadId?: string;
}

/**
 * Sends a message. `idempotencyKey` is one UUID per message: a retry of the same message with
 * the same key answers the first one (200) and stores nothing, so a lost answer never doubles it.
 */
export const sendMessage = (matchId: string | number, input: SendInput, idempotencyKey: string) =>
  rawRequest<{ message: ChatMessage }>(apiPaths.chat(matchId), {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
