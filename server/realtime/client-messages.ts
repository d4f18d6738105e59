/**
 * What a client may send on its socket (contract/realtime.ts ClientMessage), read defensively:
 * anything that is not valid JSON of a known shape is null and ignored, so no client message can
 * crash a socket or the server.
 */
import type { ClientMessage } from '../contract/realtime.ts';

export function parseClientMessage(data: Buffer, isBinary: boolean): ClientMessage | null {
  if (isBinary) return null;
  let message: unknown;
  try {
    message = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const { type, matchId } = message as { type?: unknown; matchId?: unknown };
  if (type === 'ping') return { type: 'ping' };
  if (type === 'typing' && typeof matchId === 'number' && Number.isSafeInteger(matchId) && matchId > 0) return { type: 'typing', matchId };
  return null;
}
