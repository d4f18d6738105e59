import { CHAT_MESSAGES } from '../hooks/chat-state.ts';
import { LockIcon } from './chat-icons.tsx';

/** The dimmed chat behind the unlock dialog; its button opens the dialog again once it was closed. */
export function LockedView({ onUnlock }: { onUnlock: () => void }) {
  return (
    <div className="chat-locked">
      <div className="chat-locked-ghost" aria-hidden="true">
        <span className="ghost-bubble is-peer" />
        <span className="ghost-bubble is-mine" />
        <span className="ghost-bubble is-peer is-short" />
        <span className="ghost-bubble is-mine is-short" />
      </div>
      <div className="chat-locked-card">
        <span className="chat-locked-icon" aria-hidden="true">
          <LockIcon />
        </span>
        <h2>{CHAT_MESSAGES.locked}</h2>
        <p>{CHAT_MESSAGES.lockedHint}</p>
        <button type="button" className="btn btn-primary" onClick={onUnlock}>
          Unlock this chat
        </button>
      </div>
    </div>
  );
}
