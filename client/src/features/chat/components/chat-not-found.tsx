import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { CHAT_MESSAGES } from '../hooks/chat-state.ts';

/** The match is gone (unmatched, blocked) or never was: say so, and lead back to the matches. */
export function ChatNotFound() {
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
