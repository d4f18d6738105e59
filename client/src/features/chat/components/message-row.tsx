import { PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import { initialOf } from '@/lib/format.ts';
import type { ChatMessage } from '../api/get-chat.ts';
import { formatMessageTime } from '../hooks/chat-state.ts';
import { useLongPress } from '../hooks/use-long-press.ts';
import { MessageMenu } from './message-menu.tsx';
import { showPlaceholder } from './photo-fallback.ts';

export interface Person {
  name: string;
  photoUrl?: string | null;
}

function Avatar({ person, mine }: { person: Person; mine: boolean }) {
  if (!mine || person.photoUrl) {
    return (
      <img
        className="chat-avatar"
        src={person.photoUrl || PLACEHOLDER_PHOTO}
        alt=""
        width={32}
        height={32}
        loading="lazy"
        onError={showPlaceholder}
      />
    );
  }
  return (
    <span className="chat-avatar chat-avatar-initial" aria-hidden="true">
      {initialOf(person.name)}
    </span>
  );
}

interface MessageRowProps {
  message: ChatMessage;
  mine: boolean;
  runStart: boolean;
  runEnd: boolean;
  /** Who sent it: me or the peer. */
  person: Person;
  peerName: string;
  seen: boolean;
  onOpenPhoto: (photo: { url: string; from: string }) => void;
  onImageLoad: () => void;
  /** Reports the peer with this message (a peer's message only): its ⋯ menu, or a long press. */
  onReport?: (messageId: number) => void;
}

/** One message: the avatar and name when it starts a run, the photo and text, its time, 'Seen'; a peer's has a ⋯ menu. */
export function MessageRow(props: MessageRowProps) {
  const { message, mine, runStart, runEnd, person, peerName, seen, onOpenPhoto, onImageLoad, onReport } = props;
  const report = onReport ? () => onReport(message.id) : undefined;
  const longPress = useLongPress(report);
  const senderName = mine ? 'You' : peerName;
  const photo = message.photo_thumbnail_url || message.photo_url;
  const text = message.message.trim();
  const classes = ['chat-msg', mine ? 'is-mine' : 'is-peer', runStart ? 'run-start' : '', runEnd ? 'run-end' : '']
    .filter(Boolean)
    .join(' ');
  const bubble = (
    <div className="chat-bubble" {...longPress}>
      {photo ? (
        <button
          type="button"
          className="chat-photo"
          aria-label={`Open photo from ${senderName === 'You' ? 'you' : senderName}`}
          onClick={() => onOpenPhoto({ url: message.photo_url || photo, from: mine ? 'you' : peerName })}
        >
          <img src={photo} alt="" loading="lazy" onLoad={onImageLoad} />
        </button>
      ) : null}
      {text ? <p className="chat-text">{text}</p> : null}
    </div>
  );
  return (
    <li className={classes} data-message-id={message.id}>
      <div className="chat-avatar-slot">{runStart ? <Avatar person={person} mine={mine} /> : null}</div>
      <div className="chat-msg-body">
        {runStart ? <p className="chat-sender">{senderName}</p> : <span className="visually-hidden">{senderName}: </span>}
        {report ? (
          <div className="chat-bubble-row">
            {bubble}
            <MessageMenu senderName={senderName} onReport={report} />
          </div>
        ) : (
          bubble
        )}
        <p className="chat-meta">
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        </p>
        {seen ? <p className="chat-seen">Seen</p> : null}
      </div>
    </li>
  );
}
