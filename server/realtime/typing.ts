/**
 * Typing indicators: `{type: 'typing', matchId}` from a socket becomes `chat.typing` for the
 * match's other member, through the push bus (so it reaches them on any instance). Never stored.
 *
 * Throttled per socket and chat to one forward every TYPING_INTERVAL_MS; the excess is dropped
 * silently before anything else happens, so a chatty or hostile client costs at most one
 * database check per chat per interval. The check (the sender is one of the match's two members,
 * the chat is unlocked, nobody blocked anybody) runs for every forward: a block or an ended chat
 * stops the indicator at once.
 */
import { type PushMessage, TYPING_INTERVAL_MS } from '../contract/realtime.ts';
import type { PushBus } from '../kernel/events/push.ts';
import type { Log } from '../kernel/logging.ts';
import type { MemberSocket } from './connection.ts';

/** Chats one socket may be typing in within an interval; more are dropped (bounded memory). */
const MAX_CHATS_PER_SOCKET = 20;

export interface TypingOptions {
  push: PushBus;
  log: Log;
  /** The peer's user id when `userId` may show typing in `matchId`'s chat, else null. */
  typingPeer: (userId: number, matchId: number) => Promise<number | null>;
  intervalMs?: number;
  now?: () => number;
}

export class TypingRelay {
  /** Per socket: match id -> when its indicator was last let through. */
  private readonly lastForward = new WeakMap<MemberSocket, Map<number, number>>();
  private readonly intervalMs: number;
  private readonly now: () => number;

  private readonly options: TypingOptions;
  constructor(options: TypingOptions) {
    this.options = options;
    this.intervalMs = options.intervalMs ?? TYPING_INTERVAL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Called for every typing message; never throws, never answers the sender. */
  onTyping(connection: MemberSocket, matchId: number): void {
    if (!this.admit(connection, matchId)) return;
    void this.forward(connection.userId, matchId).catch((error) => {
      this.options.log.warn({ err: error, matchId }, 'typing indicator not forwarded');
    });
  }

  private admit(connection: MemberSocket, matchId: number): boolean {
    const now = this.now();
    let chats = this.lastForward.get(connection);
    if (!chats) this.lastForward.set(connection, (chats = new Map()));
    const last = chats.get(matchId);
    if (last !== undefined && now - last < this.intervalMs) return false;
    if (last === undefined && chats.size >= MAX_CHATS_PER_SOCKET) {
      for (const [id, at] of chats) if (now - at >= this.intervalMs) chats.delete(id);
      if (chats.size >= MAX_CHATS_PER_SOCKET) return false;
    }
    chats.set(matchId, now);
    return true;
  }

  private async forward(fromUserId: number, matchId: number): Promise<void> {
    const peerUserId = await this.options.typingPeer(fromUserId, matchId);
    if (peerUserId === null) return;
    const at = new Date(this.now()).toISOString();
    const message: PushMessage<'chat.typing'> = {
      type: 'chat.typing',
      id: `chat.typing:${matchId}:${fromUserId}:${at}`,
      at,
      data: { matchId, fromUserId },
    };
    await this.options.push.publish(peerUserId, message);
  }
}
