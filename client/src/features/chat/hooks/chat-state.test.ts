import t from 'tap';
import type { ChatMessage, ChatPage } from '../api/get-chat.ts';
import {
  announcement,
  canSend,
  CHAT_MESSAGES,
  chatReducer,
  chatRows,
  dayLabel,
  endedText,
  errorText,
  formatMessageTime,
  formatPackagePrice,
  initialChatState,
  isNearBottom,
  keyForDraft,
  mergeMessages,
  newestId,
  oldestId,
  packagesShown,
  photoFailureMessage,
  photoRejectionMessage,
  placeLine,
  readPositionToSend,
  RUN_GAP_MS,
  seenMessageId,
  shouldSendTyping,
  TYPING_INTERVAL_MS,
  unmatchTitle,
} from './chat-state.ts';

const PEER = 20;
const ME = 10;
const BASE = new Date(2026, 0, 5, 12, 0, 0).getTime();

function msg(id: number, from: number, minutes = id, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    fromProfileId: from,
    message: `m${id}`,
    createdAt: new Date(BASE + minutes * 60_000).toISOString(),
    photo_thumbnail_url: null,
    photo_url: null,
    ...extra,
  };
}

const page = (messages: ChatMessage[], extra: Partial<ChatPage> = {}): ChatPage => ({
  chat_unlocked: true,
  messages,
  has_more: false,
  peer_last_read_message_id: null,
  ...extra,
});

t.test('merging pages: by id, oldest first, each once', async (t) => {
  const merged = mergeMessages([msg(3, ME), msg(5, PEER)], [msg(4, ME), msg(5, PEER, 5, { message: 'edited' }), msg(1, PEER)]);
  t.same(
    merged.map((m) => m.id),
    [1, 3, 4, 5],
  );
  t.equal(merged[3].message, 'edited', 'a later copy replaces the earlier');
  const same = [msg(1, ME)];
  t.equal(mergeMessages(same, []), same, 'nothing new: the same array');
  t.equal(newestId(merged), 5);
  t.equal(oldestId(merged), 1);
  t.equal(newestId([]), undefined);
});

t.test('the reducer', async (t) => {
  let state = chatReducer(initialChatState, {
    type: 'newest',
    page: page([msg(5, PEER), msg(6, ME)], { has_more: true, peer_last_read_message_id: 4 }),
  });
  t.same(
    state.messages.map((m) => m.id),
    [5, 6],
  );
  t.equal(state.hasOlder, true, 'the newest page says older ones exist');
  t.equal(state.peerLastRead, 4);

  state = chatReducer(state, { type: 'older', page: page([msg(3, ME), msg(4, PEER)], { has_more: false }) });
  t.same(
    state.messages.map((m) => m.id),
    [3, 4, 5, 6],
  );
  t.equal(state.hasOlder, false, 'the older page has the last word on the top');

  state = chatReducer(state, { type: 'newest', page: page([msg(5, PEER), msg(6, ME)], { has_more: true, peer_last_read_message_id: 6 }) });
  t.equal(state.hasOlder, false, 'a reload of the newest page does not bring the button back');
  t.same(
    state.messages.map((m) => m.id),
    [3, 4, 5, 6],
    'older pages are kept',
  );
  t.equal(state.peerLastRead, 6);

  state = chatReducer(state, { type: 'newer', page: page([msg(7, PEER)], { peer_last_read_message_id: 5 }) });
  t.same(
    state.messages.map((m) => m.id),
    [3, 4, 5, 6, 7],
  );
  t.equal(state.peerLastRead, 6, 'the read position never goes back');

  state = chatReducer(state, { type: 'sent', message: msg(8, ME) });
  t.equal(newestId(state.messages), 8);
  state = chatReducer(state, { type: 'read', lastReadMessageId: 8 });
  t.equal(state.peerLastRead, 8);

  state = chatReducer(state, { type: 'newer', page: page([], { peer_last_read_message_id: null }) });
  t.equal(state.peerLastRead, null, 'receipts turned off: hidden');

  t.same(chatReducer(state, { type: 'newest', page: page([], { chat_unlocked: false }) }), initialChatState, 'locked: nothing is kept');
  t.same(chatReducer(state, { type: 'reset' }), initialChatState);
});

t.test('runs and day breaks', async (t) => {
  const today = new Date(BASE + 60 * 60_000);
  const rows = chatRows(
    [msg(1, PEER, 0), msg(2, PEER, 1), msg(3, ME, 2), msg(4, ME, 3), msg(5, ME, 3 + RUN_GAP_MS / 60_000 + 1), msg(6, PEER, 30)],
    PEER,
    today,
  );
  t.same(
    rows.map((row) =>
      row.kind === 'day'
        ? `day:${row.label}`
        : `${row.message.id}:${row.mine ? 'me' : 'peer'}:${row.runStart ? 'S' : '-'}${row.runEnd ? 'E' : '-'}`,
    ),
    ['day:Today', '1:peer:S-', '2:peer:-E', '3:me:S-', '4:me:-E', '5:me:SE', '6:peer:SE'],
    'a run ends at another sender or after a long gap',
  );

  const overnight = chatRows([msg(1, PEER, -60 * 13), msg(2, PEER, 0)], PEER, today);
  t.same(
    overnight.map((row) => (row.kind === 'day' ? row.label : row.runStart)),
    ['Yesterday', true, 'Today', true],
    'a new day starts a new run',
  );
  t.same(chatRows([], PEER), []);
});

t.test('day labels and times', async (t) => {
  const today = new Date(2026, 0, 5, 18, 0, 0);
  t.equal(dayLabel(new Date(2026, 0, 5, 8).toISOString(), today), 'Today');
  t.equal(dayLabel(new Date(2026, 0, 4, 23).toISOString(), today), 'Yesterday');
  t.equal(dayLabel(new Date(2026, 0, 1, 9).toISOString(), today), 'Thu, Jan 1');
  t.equal(dayLabel(new Date(2025, 11, 24, 9).toISOString(), today), 'Wed, Dec 24, 2025');
  t.equal(dayLabel('garbage', today), '');
  t.equal(formatMessageTime(new Date(2026, 0, 5, 15, 5).toISOString()), '3:05 PM');
  t.equal(formatMessageTime('garbage'), '');
});

t.test('Seen: the last own message the peer has read', async (t) => {
  const messages = [msg(1, ME), msg(2, PEER), msg(3, ME), msg(4, ME), msg(5, PEER), msg(6, ME)];
  t.equal(seenMessageId(messages, PEER, 4), 4);
  t.equal(seenMessageId(messages, PEER, 5), 4, 'the peer\u2019s own message does not carry it');
  t.equal(seenMessageId(messages, PEER, 99), 6);
  t.equal(seenMessageId(messages, PEER, 0), null, 'nothing read yet');
  t.equal(seenMessageId(messages, PEER, null), null, 'receipts off');
  t.equal(seenMessageId([msg(2, PEER)], PEER, 2), null, 'no own message');
  t.equal(seenMessageId(messages, undefined, 4), null, 'peer unknown');
});

t.test('what to mark read', async (t) => {
  const messages = [msg(1, ME), msg(2, PEER), msg(3, ME)];
  t.equal(readPositionToSend(messages, PEER, 0), 3, 'up to the newest message');
  t.equal(readPositionToSend(messages, PEER, 3), null, 'nothing new');
  t.equal(readPositionToSend(messages, PEER, 2), null, 'only own messages since');
  t.equal(readPositionToSend([...messages, msg(4, PEER)], PEER, 3), 4);
  t.equal(readPositionToSend([], PEER, 0), null);
  t.equal(readPositionToSend(messages, undefined, 0), null);
  t.ok(isNearBottom(900, 1500, 560));
  t.notOk(isNearBottom(100, 1500, 560));
});

t.test('when Send is allowed', async (t) => {
  t.notOk(canSend('', null, false), 'empty');
  t.notOk(canSend('   \n ', null, false), 'whitespace only');
  t.ok(canSend(' hi ', null, false));
  t.notOk(canSend('hi', null, true), 'a send in progress');
  t.notOk(canSend('hi', 'analyzing', false), 'the photo is still being checked');
  t.notOk(canSend('', 'uploading', false));
  t.ok(canSend('', 'ready', false), 'a ready photo alone');
  t.ok(canSend('caption', 'ready', false));
});

t.test('typing is throttled to one every 2 s', async (t) => {
  t.equal(TYPING_INTERVAL_MS, 2000);
  t.ok(shouldSendTyping(null, 1000));
  t.notOk(shouldSendTyping(1000, 2999));
  t.ok(shouldSendTyping(1000, 3000));
});

t.test('photo wording', async (t) => {
  t.equal(CHAT_MESSAGES.notAnImage, 'Please select an image file');
  t.equal(CHAT_MESSAGES.tooLarge, 'Image must be less than 10MB');
  t.equal(photoRejectionMessage('Explicit content is not allowed.'), 'Explicit content is not allowed.');
  t.equal(photoRejectionMessage(null), 'Photo was rejected by moderation');
  t.equal(photoRejectionMessage('  '), 'Photo was rejected by moderation');
  t.equal(photoFailureMessage('rejected', null), 'Photo was rejected by moderation');
  t.equal(photoFailureMessage('error', null), 'Photo processing failed', 'not processed, no reason');
  t.equal(photoFailureMessage('error', 'The photo did not arrive.'), 'The photo did not arrive.', "the server's reason first");
  t.equal(CHAT_MESSAGES.photoTimeout, 'Upload timed out after 60 seconds');
});

t.test('error wording', async (t) => {
  t.equal(errorText({ error: 'Unlock this chat to send messages.' }, CHAT_MESSAGES.sendFailed), 'Unlock this chat to send messages.');
  t.equal(errorText(undefined, CHAT_MESSAGES.sendFailed), 'Failed to send message');
  t.equal(errorText('<html>', CHAT_MESSAGES.unlockFailed), 'Failed to unlock chat');
});

t.test('idempotency keys: one per message, the same for a retry', async (t) => {
  let n = 0;
  const fresh = () => `key-${++n}`;
  const first = keyForDraft(null, { text: 'Hello!', uploadId: null }, fresh);
  t.equal(first.key, 'key-1');
  t.equal(keyForDraft(first, { text: 'Hello! ', uploadId: null }, fresh).key, 'key-1', 'the same message again');
  t.equal(keyForDraft(first, { text: 'Hello?', uploadId: null }, fresh).key, 'key-2', 'edited: a new message');
  t.equal(keyForDraft(first, { text: 'Hello!', uploadId: 'u1' }, fresh).key, 'key-3', 'a photo added: a new message');
});

t.test('the unlock dialog and the header', async (t) => {
  const packages = [1, 3, 5, 7, 10].map((credits) => ({ id: `chat_${credits}`, credits, price: credits * 4.99, currency: 'usd' }));
  t.same(
    packagesShown(packages).map((p) => p.credits),
    [1, 3, 5, 7],
    'the first four',
  );
  t.equal(formatPackagePrice(4.99, 'usd'), '$4.99');
  t.equal(formatPackagePrice(5, 'usd'), '$5.00', 'two decimals');
  t.equal(formatPackagePrice(13.5, 'eur'), '13.50 EUR');
  t.equal(placeLine('Austin', 'Texas'), 'Austin, Texas');
  t.equal(placeLine('Austin', null), 'Austin');
  t.equal(placeLine(' ', undefined), null);
  t.equal(announcement('Emma', msg(1, PEER, 1, { message: 'Hi there' })), 'Emma: Hi there');
  t.equal(announcement('Emma', msg(1, PEER, 1, { message: '', photo_url: '/p' })), 'Emma sent a photo');
});

t.test('ending a match: the confirmations and the notice', async (t) => {
  t.equal(unmatchTitle('sara'), 'Unmatch sara?');
  t.equal(CHAT_MESSAGES.unmatchText, 'This will remove the match and all chat history. This action cannot be undone.');
  t.equal(CHAT_MESSAGES.unmatched, 'Match removed successfully');
  t.equal(CHAT_MESSAGES.unmatchFailed, 'Failed to remove match');
  t.equal(CHAT_MESSAGES.blockTitle, 'Block User?');
  t.equal(CHAT_MESSAGES.blockConfirm, 'Yes, Block User');
  t.equal(endedText('sara'), 'sara is no longer one of your matches, so this conversation has closed.', 'the same words whatever ended it');
});
