import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PLACEHOLDER_PHOTO } from '../../../config/paths.ts';
import { initialOf } from '../../../lib/format.ts';
import type { ChatMessage } from '../api/get-chat.ts';
import { CHAT_MESSAGES, chatRows, formatMessageTime, isNearBottom, newestId, oldestId, seenMessageId } from '../hooks/chat-state.ts';
import { showPlaceholder } from './photo-fallback.ts';
import { PhotoViewer } from './photo-viewer.tsx';

export interface Person {
  name: string;
  photoUrl?: string | null;
}

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
}

/** Near the top, an older page loads by itself (the button stays for keyboards and screen readers). */
const AUTO_LOAD_PX = 48;

function Avatar({ person, mine }: { person: Person; mine: boolean }) {
  if (!mine || person.photoUrl) {
    return <img className="chat-avatar" src={person.photoUrl || PLACEHOLDER_PHOTO} alt="" width={32} height={32} loading="lazy" onError={showPlaceholder} />;
  }
  return (
    <span className="chat-avatar chat-avatar-initial" aria-hidden="true">
      {initialOf(person.name)}
    </span>
  );
}

/**
 * The conversation, oldest at the top: own messages on the right, the peer's on the left, the
 * avatar and name on the first message of each run, a time on every message, 'Seen' under the
 * last own message the peer has read. Opens at the newest message; follows new ones while the
 * member is at the bottom (or sent them); an older page keeps the scroll position.
 */
export function MessageList(props: MessageListProps) {
  const { messages, peerProfileId, peer, me, peerLastRead, hasOlder, loadingOlder, loadOlder, onAtNewestChange } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance from the bottom to restore once an older page is in. */
  const anchor = useRef<number | null>(null);
  const shown = useRef<{ oldest?: number; newest?: number }>({});
  const [viewing, setViewing] = useState<{ url: string; from: string } | null>(null);

  const rows = useMemo(() => chatRows(messages, peerProfileId), [messages, peerProfileId]);
  const seenId = seenMessageId(messages, peerProfileId, peerLastRead);

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const reportPosition = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const bottom = isNearBottom(el.scrollTop, el.scrollHeight, el.clientHeight);
    if (bottom !== atBottom.current) {
      atBottom.current = bottom;
      onAtNewestChange(bottom);
    }
  }, [onAtNewestChange]);

  const loadEarlier = useCallback(async () => {
    const el = scroller.current;
    if (!el || loadingOlder) return;
    anchor.current = el.scrollHeight - el.scrollTop;
    const loaded = await loadOlder();
    if (!loaded) anchor.current = null;
  }, [loadOlder, loadingOlder]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const oldest = oldestId(messages);
    const newest = newestId(messages);
    const before = shown.current;
    shown.current = { oldest, newest };
    if (anchor.current !== null && oldest !== before.oldest) {
      // An older page went in above: keep the same messages where they were.
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (newest !== before.newest) {
      const last = messages[messages.length - 1];
      const mine = last !== undefined && peerProfileId !== undefined && last.fromProfileId !== peerProfileId;
      if (before.newest === undefined || atBottom.current || mine) scrollToBottom();
    }
    reportPosition();
  }, [messages, peerProfileId, scrollToBottom, reportPosition]);

  const onScroll = () => {
    reportPosition();
    const el = scroller.current;
    if (el && hasOlder && !loadingOlder && anchor.current === null && el.scrollTop <= AUTO_LOAD_PX && el.scrollHeight > el.clientHeight) {
      void loadEarlier();
    }
  };

  /** A photo that finishes loading while the member is at the bottom keeps them there. */
  const onImageLoad = () => {
    if (atBottom.current) scrollToBottom();
  };

  return (
    <div ref={scroller} className="chat-scroll" role="region" aria-label="Messages" tabIndex={0} onScroll={onScroll}>
      {hasOlder ? (
        <div className="chat-older">
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void loadEarlier()} disabled={loadingOlder} aria-busy={loadingOlder || undefined}>
            {loadingOlder ? 'Loading...' : 'Load earlier messages'}
          </button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="chat-empty">{CHAT_MESSAGES.empty}</p>
      ) : (
        <ol className="chat-messages">
          {rows.map((row) => {
            if (row.kind === 'day') {
              return (
                <li key={row.key} className="chat-day">
                  <span>{row.label}</span>
                </li>
              );
            }
            const { message, mine, runStart, runEnd } = row;
            const person = mine ? me : peer;
            const senderName = mine ? 'You' : peer.name;
            const photo = message.photo_thumbnail_url || message.photo_url;
            const text = message.message.trim();
            const classes = ['chat-msg', mine ? 'is-mine' : 'is-peer', runStart ? 'run-start' : '', runEnd ? 'run-end' : ''].filter(Boolean).join(' ');
            return (
              <li key={row.key} className={classes} data-message-id={message.id}>
                <div className="chat-avatar-slot">{runStart ? <Avatar person={person} mine={mine} /> : null}</div>
                <div className="chat-msg-body">
                  {runStart ? <p className="chat-sender">{senderName}</p> : <span className="visually-hidden">{senderName}: </span>}
                  <div className="chat-bubble">
                    {photo ? (
                      <button
                        type="button"
                        className="chat-photo"
                        aria-label={`Open photo from ${senderName === 'You' ? 'you' : senderName}`}
                        onClick={() => setViewing({ url: message.photo_url || photo, from: mine ? 'you' : peer.name })}
                      >
                        <img src={photo} alt="" loading="lazy" onLoad={onImageLoad} />
                      </button>
                    ) : null}
                    {text ? <p className="chat-text">{text}</p> : null}
                  </div>
                  <p className="chat-meta">
                    <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
                  </p>
                  {message.id === seenId ? <p className="chat-seen">Seen</p> : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <PhotoViewer url={viewing?.url ?? null} from={viewing?.from ?? ''} onClose={() => setViewing(null)} />
    </div>
  );
}
