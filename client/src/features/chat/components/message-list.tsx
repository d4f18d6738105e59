import { useMemo, useState } from 'react';
import type { ChatMessage } from '../api/get-chat.ts';
import { CHAT_MESSAGES, chatRows, seenMessageId } from '../hooks/chat-state.ts';
import { useChatScroll } from '../hooks/use-chat-scroll.ts';
import { MessageRow, type Person } from './message-row.tsx';
import { PhotoViewer } from './photo-viewer.tsx';

export type { Person };

interface MessageListProps {
  messages: ChatMessage[];
  peerProfileId: number | undefined;
  peer: Person;
  me: Person;
  peerLastRead: number | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<boolean>;
  /** Whether the newest message is on screen (for read receipts). */
  onAtNewestChange: (atNewest: boolean) => void;
  /** Reports the peer with one of their messages (its menu or a long press). */
  onReportMessage?: (messageId: number) => void;
}

/**
 * The conversation, oldest at the top: own messages on the right, the peer's on the left, the
 * avatar and name on the first message of each run, a time on every message, 'Seen' under the
 * last own message the peer has read. Opens at the newest message; follows new ones while the
 * member is at the bottom (or sent them); an older page keeps the scroll position.
 */
export function MessageList(props: MessageListProps) {
  const { messages, peerProfileId, peer, me, peerLastRead, hasOlder, loadingOlder } = props;
  const { scroller, onScroll, loadEarlier, onImageLoad } = useChatScroll(props);
  const [viewing, setViewing] = useState<{ url: string; from: string } | null>(null);

  const rows = useMemo(() => chatRows(messages, peerProfileId), [messages, peerProfileId]);
  const seenId = seenMessageId(messages, peerProfileId, peerLastRead);

  return (
    <div ref={scroller} className="chat-scroll" role="region" aria-label="Messages" tabIndex={0} onScroll={onScroll}>
      {hasOlder ? (
        <div className="chat-older">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void loadEarlier()}
            disabled={loadingOlder}
            aria-busy={loadingOlder || undefined}
          >
            {loadingOlder ? 'Loading...' : 'Load earlier messages'}
          </button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="chat-empty">{CHAT_MESSAGES.empty}</p>
      ) : (
        <ol className="chat-messages">
          {rows.map((row) =>
            row.kind === 'day' ? (
              <li key={row.key} className="chat-day">
                <span>{row.label}</span>
              </li>
            ) : (
              <MessageRow
                key={row.key}
                message={row.message}
                mine={row.mine}
                runStart={row.runStart}
                runEnd={row.runEnd}
                person={row.mine ? me : peer}
                peerName={peer.name}
                seen={row.message.id === seenId}
                onOpenPhoto={setViewing}
                onImageLoad={onImageLoad}
                onReport={row.mine ? undefined : props.onReportMessage}
              />
            ),
          )}
        </ol>
      )}
      <PhotoViewer url={viewing?.url ?? null} from={viewing?.from ?? ''} onClose={() => setViewing(null)} />
    </div>
  );
}
