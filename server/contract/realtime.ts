/**
 * The realtime protocol between the WebSocket gateway (/api/v1/ws) and the client's ws-client.
 * Pure TypeScript, no dependencies: imported by server, workers and client.
 *
 * Connect: `new WebSocket(url, [WS_PROTOCOL, token])` (browsers cannot set headers; the server
 * answers with WS_PROTOCOL and never echoes the token) or, outside browsers, with the header
 * `Authorization: Token <jwt>`. A token in the URL is refused.
 *
 * Server -> client: JSON `{ type, data }`; pushes also carry `id` (stable per event, so a
 * repeated delivery can be ignored) and `at` (ISO time the event happened). After a reconnect
 * the client refetches its lists through the HTTP routes (likes, matches, chat, credits) for
 * what happened since the last `at` it saw, or since `hello.data.serverTime` of the dropped
 * connection.
 * Client -> server: `{ "type": "ping" }` answers `{ "type": "pong" }`; the server also sends
 * WebSocket ping frames, which browsers answer by themselves. `{ "type": "typing", "matchId" }`
 * tells the chat's peer the member is typing (see ClientMessage); nothing is answered.
 */

export const WS_PATH = '/api/v1/ws';
export const WS_PROTOCOL = 'betroth';

export const WS_CLOSE = {
  /** The server is shutting down or restarting: reconnect with backoff. */
  serverShutdown: 1001,
  /** The session was signed out, reset or deleted: do not reconnect with this token. */
  sessionEnded: 4001,
  /** The client read too slowly and its queue overflowed: reconnect and refetch. */
  tooSlow: 4008,
  /** The member opened more sockets than allowed; the oldest one is closed. */
  tooManySockets: 4029,
} as const;

export const PUSH_TYPES = [
  'match.created',
  'match.removed',
  'like.received',
  'chat.message',
  'chat.unlocked',
  'chat.locked',
  'chat.read',
  'chat.typing',
  'credits.updated',
  'upload.status',
] as const;
export type PushType = (typeof PUSH_TYPES)[number];

export interface PushData {
  /** A mutual like made a match; `peer*` is the other member. */
  'match.created': { matchId: number; peerUserId: number; peerProfileId: number; createdAt: string };
  /**
   * A match ended (unmatch, unlike, a block, a deleted account): drop it from the lists and close
   * its chat. The same words for every cause and both members, so nobody learns that a block
   * (rather than an unmatch) ended it.
   */
  'match.removed': { matchId: number; removedAt: string };
  'like.received': { likeId: number; fromUserId: number; fromProfileId: number; createdAt: string };
  /** A new message in a chat: fetch the chat to read it. */
  'chat.message': { messageId: number; matchId: number; fromUserId: number; hasPhoto: boolean; sentAt: string };
  'chat.unlocked': { matchId: number; unlockedByUserId: number; unlockedAt: string };
  /** The chat was locked again: ended by a member, or its unlock cancelled (refunded). */
  'chat.locked': { matchId: number; lockedByUserId: number; reason: 'ended' | 'refunded'; lockedAt: string };
  /**
   * The peer read the chat up to `lastReadMessageId`. Sent only while both members send read
   * receipts; ephemeral (never stored as an event): GET on the chat answers the same position.
   */
  'chat.read': { matchId: number; readerUserId: number; lastReadMessageId: number };
  /** The peer is typing in this chat (at most one every 2 s per socket); show it for a few seconds. */
  'chat.typing': { matchId: number; fromUserId: number };
  'credits.updated': { balance: number; delta: number; reason: string; changedAt: string };
  'upload.status': { uploadId: string; state: string; rejectionReason: string | null; changedAt: string };
}

export type PushMessage<T extends PushType = PushType> = T extends PushType
  ? { type: T; data: PushData[T]; id: string; at: string }
  : never;

export type ServerMessage =
  PushMessage | { type: 'hello'; data: { userId: number; serverTime: string } } | { type: 'pong'; data: { serverTime: string } };

/** How often a socket's typing indicator for one chat is forwarded; more often is dropped. */
export const TYPING_INTERVAL_MS = 2_000;

/**
 * `typing`: the member is typing in the chat of match `matchId`; forwarded to the peer as
 * `chat.typing` when the sender is one of the match's two members, the chat is unlocked and
 * neither blocked the other. Anything else the server does not know is ignored.
 */
export type ClientMessage = { type: 'ping' } | { type: 'typing'; matchId: number };
