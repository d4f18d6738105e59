import type { ReactNode } from 'react';
import { CHAT_MESSAGES } from '../hooks/chat-state.ts';

/** The screen around every state of an open chat: the header, the body, and the confirmations. */
export function ChatFrame({
  locked,
  header,
  confirmation,
  children,
}: {
  locked?: boolean;
  header: ReactNode;
  confirmation: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={locked ? 'chat-page is-locked' : 'chat-page'} aria-labelledby="chat-title">
      {header}
      {children}
      {confirmation}
    </section>
  );
}

/** The chat or the matches list could not be read: say so, and try both again. */
export function ChatLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="chat-body chat-failed">
      <p role="alert">{CHAT_MESSAGES.loadFailed}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** '<name> is typing…' with its dots, in a polite live region that is always there. */
export function TypingLine({ peerName, typing }: { peerName: string; typing: boolean }) {
  return (
    <p className="chat-typing" role="status" aria-live="polite">
      {typing ? (
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
  );
}
