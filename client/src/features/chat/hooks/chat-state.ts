/**
 * Pure rules of the chat screen: merging pages of messages, runs and day breaks, read receipts,
 * when Send is allowed, the wording of a photo's review, the idempotency key of a draft, and
 * the wording of failures.
 */
import { TYPING_INTERVAL_MS } from '@contract/realtime.ts';
import { serverMessage } from '@/lib/api-errors.ts';
import { UPLOAD_FLOW_MESSAGES } from '@/lib/uploads/upload-file.ts';
import { newUuid } from '@/lib/uuid.ts';
import type { ChatMessage, ChatPage } from '../api/get-chat.ts';

export { TYPING_INTERVAL_MS };

/** While the WebSocket is not open, an open chat asks for new messages this often. */
export const POLL_MS = 5000;
/** How long 'typing…' stays after the last `chat.typing` push. */
export const TYPING_SHOWN_MS = 4000;
/** A new run of messages starts after this long, even from the same sender. */
export const RUN_GAP_MS = 10 * 60 * 1000;
/** The unlock dialog lists at most this many packages. */
export const PACKAGES_SHOWN = 4;
/** Within this many pixels of the bottom the list counts as "at the newest message". */
export const NEAR_BOTTOM_PX = 80;

export const CHAT_MESSAGES = {
  empty: 'No messages yet. Say hi!',
  placeholder: 'Type a message...',
  captionPlaceholder: 'Add a caption (optional)...',
  sendFailed: 'Failed to send message',
  notAnImage: UPLOAD_FLOW_MESSAGES.notAnImage,
  tooLarge: UPLOAD_FLOW_MESSAGES.tooLarge,
  analyzing: UPLOAD_FLOW_MESSAGES.analyzing,
  photoReady: 'Photo ready to send!',
  photoRejected: 'Photo was rejected by moderation',
  /** The review could not reach a verdict (state 'error') and gave no reason. */
  photoFailed: 'Photo processing failed',
  photoTimeout: UPLOAD_FLOW_MESSAGES.timedOut,
  uploadFailed: UPLOAD_FLOW_MESSAGES.uploadFailed,
  locked: 'Chat Locked',
  lockedHint: 'Use a credit to unlock',
  unlockButton: 'Unlock Chat (1 Credit)',
  needCredit: 'You need at least 1 credit to unlock this chat',
  buyCredits: 'Buy Chat Credits',
  unlocked: 'Chat unlocked! You can now send messages.',
  unlockFailed: 'Failed to unlock chat',
  unlockedByPeer: 'Your match unlocked this chat. Say hi!',
  lockedLive: 'This chat was locked.',
  notFound: 'This match is no longer available. The member may have unmatched or blocked you.',
  endedTitle: 'This match has ended',
  unmatch: 'Unmatch',
  unmatched: 'Match removed successfully',
  unmatchFailed: 'Failed to remove match',
  unmatchText: 'This will remove the match and all chat history. This action cannot be undone.',
  blockTitle: 'Block User?',
  blockText: 'Are you sure you want to block this user? Neither you nor the user will be able to see each other in the search.',
  blockConfirm: 'Yes, Block User',
  loadFailed: 'We could not load this chat.',
  settingsFailed: 'Failed to update chat settings',
} as const;

/** 'Unmatch sara?' */
export const unmatchTitle = (name: string) => `Unmatch ${name}?`;

/** The notice in a chat whose match ended while it was open: the same words whoever ended it, and why. */
export const endedText = (name: string) => `${name} is no longer one of your matches, so this conversation has closed.`;

// ---------------------------------------------------------------------------------------------
// Messages and pages

/** Messages by id, oldest first, each once (a later copy of an id replaces the earlier one). */
export function mergeMessages(existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return existing as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

export const newestId = (messages: readonly ChatMessage[]): number | undefined =>
  messages.length === 0 ? undefined : messages[messages.length - 1].id;

export const oldestId = (messages: readonly ChatMessage[]): number | undefined => (messages.length === 0 ? undefined : messages[0].id);

/** The newer of two read positions; null (receipts off) wins only when the page says so. */
const laterPosition = (current: number | null, next: number | null): number | null =>
  next === null ? null : current === null ? next : Math.max(current, next);

export interface ChatState {
  messages: ChatMessage[];
  /** Older messages exist before the first one held. */
  hasOlder: boolean;
  /** An older page was merged: the newest page's has_more no longer speaks for the top. */
  loadedOlder: boolean;
  /** The peer's read position; null = hidden. */
  peerLastRead: number | null;
}

export const initialChatState: ChatState = { messages: [], hasOlder: false, loadedOlder: false, peerLastRead: null };

export type ChatAction =
  | { type: 'newest'; page: ChatPage }
  | { type: 'older'; page: ChatPage }
  | { type: 'newer'; page: ChatPage }
  | { type: 'sent'; message: ChatMessage }
  | { type: 'read'; lastReadMessageId: number }
  | { type: 'reset' };

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'newest': {
      if (!action.page.chat_unlocked) return initialChatState;
      return {
        messages: mergeMessages(state.messages, action.page.messages),
        hasOlder: state.loadedOlder ? state.hasOlder : action.page.has_more,
        loadedOlder: state.loadedOlder,
        peerLastRead: laterPosition(state.peerLastRead, action.page.peer_last_read_message_id),
      };
    }
    case 'older':
      if (!action.page.chat_unlocked) return initialChatState;
      return { ...state, messages: mergeMessages(state.messages, action.page.messages), hasOlder: action.page.has_more, loadedOlder: true };
    case 'newer':
      if (!action.page.chat_unlocked) return initialChatState;
      return {
        ...state,
        messages: mergeMessages(state.messages, action.page.messages),
        peerLastRead: laterPosition(state.peerLastRead, action.page.peer_last_read_message_id),
      };
    case 'sent':
      return { ...state, messages: mergeMessages(state.messages, [action.message]) };
    case 'read':
      return { ...state, peerLastRead: Math.max(state.peerLastRead ?? 0, action.lastReadMessageId) };
    case 'reset':
      return initialChatState;
  }
}

// ---------------------------------------------------------------------------------------------
// Runs, days and times

export type ChatRow =
  | { kind: 'day'; key: string; label: string }
  | {
      kind: 'message';
      key: string;
      message: ChatMessage;
      mine: boolean;
      /** First of its run: shows the avatar and the name. */
      runStart: boolean;
      /** Last of its run. */
      runEnd: boolean;
    };

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** 'Today', 'Yesterday', else 'Mon, Jan 5' (with the year when it is not this year's). */
export function dayLabel(iso: string, today: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (dayKey(date) === dayKey(today)) return 'Today';
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  return date.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: date.getFullYear() === today.getFullYear() ? undefined : 'numeric',
  });
}

/** '3:05 PM'; '' when unreadable. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/**
 * The list as rows: a day break before each new calendar day, and each message marked as the
 * start or end of a run (consecutive messages of one sender, the same day, less than RUN_GAP_MS apart).
 */
export function chatRows(messages: readonly ChatMessage[], peerProfileId: number | undefined, today: Date = new Date()): ChatRow[] {
  const rows: ChatRow[] = [];
  let lastDay: string | null = null;
  let previous: { mine: boolean; at: number } | null = null;
  let lastMessageRow: Extract<ChatRow, { kind: 'message' }> | null = null;
  for (const message of messages) {
    const date = new Date(message.createdAt);
    const at = date.getTime();
    const day: string = Number.isNaN(at) ? (lastDay ?? '') : dayKey(date);
    if (day !== lastDay) {
      rows.push({ kind: 'day', key: `day-${day}`, label: dayLabel(message.createdAt, today) });
      lastDay = day;
      previous = null;
    }
    const mine = peerProfileId === undefined ? false : message.fromProfileId !== peerProfileId;
    const runStart = previous === null || previous.mine !== mine || !(at - previous.at < RUN_GAP_MS);
    if (runStart && lastMessageRow) lastMessageRow.runEnd = true;
    const row: Extract<ChatRow, { kind: 'message' }> = { kind: 'message', key: `m-${message.id}`, message, mine, runStart, runEnd: false };
    rows.push(row);
    lastMessageRow = row;
    previous = { mine, at };
  }
  if (lastMessageRow) lastMessageRow.runEnd = true;
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Read receipts

/** The id of the last own message the peer has read (it shows 'Seen'); null when none or hidden. */
export function seenMessageId(
  messages: readonly ChatMessage[],
  peerProfileId: number | undefined,
  peerLastRead: number | null,
): number | null {
  if (peerLastRead === null || peerLastRead <= 0 || peerProfileId === undefined) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.fromProfileId !== peerProfileId && message.id <= peerLastRead) return message.id;
  }
  return null;
}

/**
 * The read position to send once the newest messages are on screen: the newest message's id,
 * when a peer message newer than the last position sent is among them; else null (nothing new).
 */
export function readPositionToSend(messages: readonly ChatMessage[], peerProfileId: number | undefined, lastSent: number): number | null {
  if (peerProfileId === undefined || messages.length === 0) return null;
  const newest = messages[messages.length - 1].id;
  if (newest <= lastSent) return null;
  const unreadFromPeer = messages.some((message) => message.id > lastSent && message.fromProfileId === peerProfileId);
  return unreadFromPeer ? newest : null;
}

export const isNearBottom = (scrollTop: number, scrollHeight: number, clientHeight: number, slack = NEAR_BOTTOM_PX) =>
  scrollHeight - scrollTop - clientHeight <= slack;

// ---------------------------------------------------------------------------------------------
// Composer

export type PhotoPhase = 'uploading' | 'analyzing' | 'ready';

/** Send needs text or a photo that is ready, and no send in progress. */
export function canSend(text: string, photo: PhotoPhase | null, sending: boolean): boolean {
  if (sending) return false;
  if (photo !== null && photo !== 'ready') return false;
  return text.trim() !== '' || photo === 'ready';
}

/** A typing indicator may go out when none went out in the last TYPING_INTERVAL_MS. */
export const shouldSendTyping = (lastSentAt: number | null, now: number, intervalMs = TYPING_INTERVAL_MS) =>
  lastSentAt === null || now - lastSentAt >= intervalMs;

/** A rejected or failed review: the reason given, else the generic one. */
export const photoRejectionMessage = (reason: string | null | undefined) =>
  reason && reason.trim() ? reason : CHAT_MESSAGES.photoRejected;

/** Why a photo under review did not make it: refused by moderation, or not processed at all. */
export const photoFailureMessage = (state: 'rejected' | 'error', reason: string | null | undefined) =>
  state === 'rejected' ? photoRejectionMessage(reason) : reason && reason.trim() ? reason : CHAT_MESSAGES.photoFailed;

/** The server's words, else the fallback. */
export const errorText = (body: unknown, fallback: string) => serverMessage(body) ?? fallback;

// ---------------------------------------------------------------------------------------------
// Idempotency

export interface Draft {
  text: string;
  uploadId: string | null;
}

export interface PendingKey {
  draft: Draft;
  key: string;
}

/**
 * The Idempotency-Key of a send: the one of the last failed attempt when this is the same
 * message again (a retry), else a fresh one.
 */
export function keyForDraft(pending: PendingKey | null, draft: Draft, fresh: () => string = newUuid): PendingKey {
  if (pending && pending.draft.text.trim() === draft.text.trim() && pending.draft.uploadId === draft.uploadId) return pending;
  return { draft: { text: draft.text, uploadId: draft.uploadId }, key: fresh() };
}

// ---------------------------------------------------------------------------------------------
// Unlock dialog and header

export interface PackageLike {
  id: string;
  credits: number;
  price: number;
  currency: string;
}

export const packagesShown = <T extends PackageLike>(packages: readonly T[]): T[] => packages.slice(0, PACKAGES_SHOWN);

/** '$24.99' in US dollars, else '24.99 EUR'. */
export function formatPackagePrice(amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return '';
  const fixed = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const code = currency.toUpperCase();
  return code === 'USD' ? `$${fixed}` : `${fixed} ${code}`;
}

export const creditCount = (credits: number) => `${credits} ${credits === 1 ? 'Credit' : 'Credits'}`;

/** 'Austin, Texas'; whichever part is known; null when neither. */
export function placeLine(city: string | null | undefined, state: string | null | undefined): string | null {
  const parts = [city, state].map((part) => (typeof part === 'string' ? part.trim() : '')).filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** What a screen reader hears for a new message from the peer. */
export function announcement(name: string, message: ChatMessage): string {
  const text = message.message.trim();
  if (message.photo_url || message.photo_thumbnail_url) return text ? `${name} sent a photo: ${text}` : `${name} sent a photo`;
  return `${name}: ${text}`;
}
