/**
 * What a chat message may be, how fast a member may send, how a page of history is cut, and the
 * messages the client shows. Pure, so the service and the tests share one source.
 */
import { CHAT_MESSAGE_MAX_LENGTH } from '../../kernel/db/schema/index.ts';
import { MATCH_NOT_FOUND, MEMBER_MESSAGES } from '../members/index.ts';

export { CHAT_MESSAGE_MAX_LENGTH };

/** A page of history: the newest 50 unless the client asks for 1..100. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/**
 * Sends per member, across all their chats, in a fixed window shared by every instance
 * (kernel/rate-limit.ts). Fast typists send a few a second; 30 in 10 s is a script.
 */
export const SEND_LIMIT = { max: 30, windowSeconds: 10 } as const;

/**
 * Raw text may carry whitespace around the message, so the request schema bounds it more loosely
 * than the stored limit; the service measures the trimmed text and answers with the message below.
 */
export const RAW_MESSAGE_MAX_LENGTH = 4 * CHAT_MESSAGE_MAX_LENGTH;

export const CHAT_MESSAGES = {
  /** The same words as every other route that names a match the caller cannot reach. */
  matchNotFound: MATCH_NOT_FOUND,
  completeProfileFirst: MEMBER_MESSAGES.completeProfileFirst,
  sendLocked: 'Unlock this chat to send messages.',
  readLocked: 'Unlock this chat to read its messages.',
  empty: 'Write a message or add a photo.',
  tooLong: `Messages can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
  bothCursors: 'Use after_id or before_id, not both.',
  tooFast: (retryAfterSeconds: number) =>
    `You are sending messages too quickly. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
  keyReused: 'This Idempotency-Key was already used for a message in another chat.',
  cleared: 'Chat cleared',
} as const;

/**
 * The text as stored: trimmed; '' when there is none. Its length is counted in characters (code
 * points), as PostgreSQL's char_length in the table's check counts them, so an emoji is one.
 */
export function messageText(raw: string | undefined): { text: string; tooLong: boolean } {
  const text = (raw ?? '').trim();
  return { text, tooLong: characterCount(text) > CHAT_MESSAGE_MAX_LENGTH };
}

function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
