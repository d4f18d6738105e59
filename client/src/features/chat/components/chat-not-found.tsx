import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { CHAT_MESSAGES, endedText } from '../hooks/chat-state.ts';

/**
 * The match is gone (unmatched, blocked) or never was: say so, and lead back to the matches.
 * `endedWith` names the peer when the match ended while this chat was open: a short notice, read
 * out at once, that closes the conversation (the same words whatever ended it).
 */
export function ChatNotFound({ endedWith }: { endedWith?: string }) {
  if (endedWith !== undefined) {
    return (
      <section className="page empty-state chat-not-found chat-ended" aria-labelledby="chat-missing-title">
        <div role="status">
          <h1 id="chat-missing-title">{CHAT_MESSAGES.endedTitle}</h1>
          <p>{endedText(endedWith)}</p>
        </div>
        <Link to={paths.matches} className="btn btn-primary">
          Back to Matches
        </Link>
      </section>
    );
  }
  return (
    <section className="page empty-state chat-not-found" aria-labelledby="chat-missing-title">
      <h1 id="chat-missing-title">Chat not available</h1>
      <p>{CHAT_MESSAGES.notFound}</p>
      <Link to={paths.matches} className="btn btn-primary">
        Back to Matches
      </Link>
    </section>
  );
}
