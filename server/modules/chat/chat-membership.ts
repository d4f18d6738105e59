/**
 * Who may reach a chat: the two members of the match, while the match exists and the other one
 * is still there, complete and not blocked either way. Everyone else gets the same 404 as for a
 * match that never existed, so a chat cannot be told apart from nothing. The caller needs a
 * complete profile (403), as for the matches list.
 *
 * Sends hold the match row (members/openMatchForMessage); other changes open the chat under the
 * pair lock (members/openPair): ordered against unlike, unmatch,
 * block, account deletion and the unlock routes of the same two members; the match is then read
 * again, since a removal that held the pair lock first has deleted it. Reads (the 5-second poll)
 * take no lock: what they show is at most a poll old.
 */
import type { Db } from '../../kernel/db/client.ts';
import { type MemberRef, openMatchForChange, openMatchForMessage, openMatchForRead, type OpenMatch } from '../members/index.ts';

export interface OpenChat {
  matchId: number;
  me: MemberRef;
  peer: MemberRef;
  unlocked: boolean;
}

const asChat = ({ matchId, me, peer, unlockedAt }: OpenMatch): OpenChat => ({ matchId, me, peer, unlocked: unlockedAt !== null });

/** For a change, inside transaction `tx`: both members and the pair locked until it ends. */
export async function openChatForChange(tx: Db, userId: number, matchId: number): Promise<OpenChat> {
  return asChat(await openMatchForChange(tx, userId, matchId));
}

/** For a read: the same checks, without locks. */
export async function openChatForRead(db: Db, userId: number, matchId: number): Promise<OpenChat> {
  return asChat(await openMatchForRead(db, userId, matchId));
}

/** For sending a message: the match row locked instead of the pair (see members/open-match.ts). */
export async function openChatForSend(tx: Db, userId: number, matchId: number): Promise<OpenChat> {
  return asChat(await openMatchForMessage(tx, userId, matchId));
}
