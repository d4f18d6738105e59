import { Dialog } from 'radix-ui';
import { ChatIcon, HeartIcon } from '@/components/ui/icons.tsx';
import { PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import type { MatchMoment } from '@/lib/match-moments.ts';
import { MATCH_MOMENT_MESSAGES, momentText, momentTitle } from '../hooks/match-moment-state.ts';
import type { MatchMomentHostProps } from './match-moment-host.tsx';
import './match-moment.css';

interface MatchMomentDialogProps extends MatchMomentHostProps {
  moment: MatchMoment;
  /** Keep swiping, Escape or a tap outside: the moment is over. */
  onClose: () => void;
  /** Send a message: on to the chat (or its unlock dialog, while it is locked). */
  onMessage: () => void;
}

function Portrait({ src, className }: { src: string | null | undefined; className: string }) {
  return (
    <img
      className={`match-moment-photo ${className}`}
      src={src || PLACEHOLDER_PHOTO}
      alt=""
      width={128}
      height={128}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
      }}
    />
  );
}

/**
 * "It's a match": my photo and the peer's side by side, the peer's name, and Send a message.
 * A modal dialog, so focus starts on Send a message, stays inside and returns where it was.
 */
export default function MatchMomentDialog({ moment, me, onClose, onMessage }: MatchMomentDialogProps) {
  const { peer } = moment;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay match-moment-overlay" />
        <Dialog.Content className="match-moment" data-match-id={moment.matchId}>
          <div className="match-moment-photos">
            <Portrait src={me.photoUrl} className="is-mine" />
            <span className="match-moment-heart" aria-hidden="true">
              <HeartIcon />
            </span>
            <Portrait src={peer.photoUrl} className="is-peer" />
          </div>
          <Dialog.Title className="match-moment-title">{momentTitle(peer.username)}</Dialog.Title>
          <Dialog.Description className="match-moment-text">{momentText(peer.username)}</Dialog.Description>
          <div className="match-moment-actions">
            <button type="button" className="btn btn-primary btn-block match-moment-send" onClick={onMessage}>
              <ChatIcon />
              {MATCH_MOMENT_MESSAGES.send}
            </button>
            <Dialog.Close className="btn btn-ghost btn-block match-moment-later">{MATCH_MOMENT_MESSAGES.later}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
