import { useCallback, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { ChatMessage } from '../api/get-chat.ts';
import type { MatchItem } from '../../../lib/matches.ts';
import { announcement, CHAT_MESSAGES } from '../hooks/chat-state.ts';
import { useChatMessages } from '../hooks/use-chat-messages.ts';
import { useMarkRead, useReadReceiptsSetting } from '../hooks/use-read-receipts.ts';
import { useSendMessage } from '../hooks/use-send-message.ts';
import { usePeerTyping, useTypingNotifier } from '../hooks/use-typing.ts';
import { useUnlockChat } from '../hooks/use-unlock-chat.ts';
import { ChatHeader } from './chat-header.tsx';
import { ChatNotFound } from './chat-not-found.tsx';
import { Composer } from './composer.tsx';
import { LockedView } from './locked-view.tsx';
import { MessageList, type Person } from './message-list.tsx';
import { type CreditsInfo, UnlockDialog } from './unlock-dialog.tsx';
import './chat.css';

export interface ChatScreenProps {
  matchId: string;
  /** The match from the matches list; undefined while it loads or when it is not there. */
  match: MatchItem | undefined;
  /** The matches list: loading, failed, or answered (so a missing match means it is gone). */
  matches: 'loading' | 'failed' | 'ready';
  retryMatches: () => void;
  /** 'City, State' of the peer, when known. */
  place: string | null;
  /** Me, for my avatar on my runs. */
  me: Person;
  credits: CreditsInfo;
  /** After an unlock: reload the balance and my profile (the header's count). */
  refreshCredits: () => Promise<unknown>;
}

/**
 * /chat/{matchId}: the header, the conversation and the composer; the locked view behind the
 * unlock dialog; or 'Chat not available'. Mount it with `key={matchId}`.
 */
export function ChatScreen({ matchId, match, matches, retryMatches, place, me, credits, refreshCredits }: ChatScreenProps) {
  const peerName = match?.username || 'Your match';
  const peerProfileId = match?.id;
  const peerUserId = match?.user_id;
  const chat = useChatMessages(matchId, { profileId: peerProfileId, userId: peerUserId });
  const { messages, unlocked, notFound, reloadChat, addSent } = chat;
  const { typing: peerTyping, stop: stopTyping } = usePeerTyping(matchId, peerUserId);
  const notifyTyping = useTypingNotifier(matchId, unlocked);
  const [atNewest, setAtNewest] = useState(true);
  const [dialogOpen, setDialogOpen] = useState(true);
  const [announced, setAnnounced] = useState('');

  const receipts = useReadReceiptsSetting(useCallback(() => void reloadChat(), [reloadChat]));
  useMarkRead(matchId, messages, peerProfileId, atNewest, unlocked);

  const onSent = useCallback((message: ChatMessage) => addSent(message), [addSent]);
  const { send, sending } = useSendMessage(matchId, onSent);

  const { unlock, busy: unlocking } = useUnlockChat(
    matchId,
    useCallback(() => Promise.allSettled([reloadChat(), refreshCredits()]), [reloadChat, refreshCredits]),
  );

  // A new message from the peer: end their typing indicator and read it out.
  const lastPeerMessage = useRef<number | null>(null);
  useEffect(() => {
    if (peerProfileId === undefined) return;
    let newest: ChatMessage | undefined;
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i].fromProfileId === peerProfileId) {
        newest = messages[i];
        break;
      }
    }
    if (!newest) return;
    const before = lastPeerMessage.current;
    lastPeerMessage.current = newest.id;
    // The first load is history, not news.
    if (before === null || newest.id <= before) return;
    stopTyping();
    setAnnounced(announcement(peerName, newest));
  }, [messages, peerProfileId, peerName, stopTyping]);

  // Each time the chat locks (on arrival or live), the unlock dialog comes up.
  const wasUnlocked = useRef<boolean | null>(null);
  useEffect(() => {
    if (!chat.chat.data) return;
    if (!unlocked && wasUnlocked.current !== false) setDialogOpen(true);
    wasUnlocked.current = unlocked;
  }, [unlocked, chat.chat.data]);

  const header = (
    <ChatHeader
      name={peerName}
      photoUrl={match?.photo1_url}
      place={place}
      verified={match?.verified}
      profileId={peerProfileId}
      readReceipts={receipts.enabled}
      savingReceipts={receipts.saving}
      onReadReceiptsChange={(on) => void receipts.toggle(on)}
    />
  );

  if (notFound || (matches === 'ready' && !match)) return <ChatNotFound />;

  if ((!chat.chat.data && !chat.chat.error) || matches === 'loading') {
    return (
      <section className="chat-page" aria-labelledby="chat-title">
        {header}
        <div className="chat-body">
          <Spinner label="Loading chat..." />
        </div>
      </section>
    );
  }

  if (!chat.chat.data || matches === 'failed') {
    return (
      <section className="chat-page" aria-labelledby="chat-title">
        {header}
        <div className="chat-body chat-failed">
          <p role="alert">{CHAT_MESSAGES.loadFailed}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              void reloadChat();
              retryMatches();
            }}
          >
            Try again
          </button>
        </div>
      </section>
    );
  }

  if (!unlocked) {
    return (
      <section className="chat-page is-locked" aria-labelledby="chat-title">
        {header}
        <div className="chat-body">
          <LockedView onUnlock={() => setDialogOpen(true)} />
        </div>
        <UnlockDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          peerName={peerName}
          credits={credits}
          busy={unlocking}
          onUnlock={() => void unlock()}
        />
      </section>
    );
  }

  return (
    <section className="chat-page" aria-labelledby="chat-title">
      {header}
      <div className="chat-body">
        <MessageList
          messages={messages}
          peerProfileId={peerProfileId}
          peer={{ name: peerName, photoUrl: match?.photo1_url }}
          me={me}
          peerLastRead={chat.peerLastRead}
          hasOlder={chat.hasOlder}
          loadingOlder={chat.loadingOlder}
          loadOlder={chat.loadOlder}
          onAtNewestChange={setAtNewest}
        />
        <p className="chat-typing" role="status" aria-live="polite">
          {peerTyping ? (
            <>
              <span className="typing-dots" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              {`${peerName} is typing…`}
            </>
          ) : null}
        </p>
      </div>
      <Composer sending={sending} send={send} onTyping={notifyTyping} />
      <p className="visually-hidden" role="log" aria-live="polite">
        {announced}
      </p>
    </section>
  );
}
