import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMatches } from '@/lib/matches.ts';
import { MATCHES_MESSAGES } from '../hooks/matches-state.ts';
import { useChatActivity } from '../hooks/use-chat-activity.ts';
import { useUnlikeConfirm } from '../hooks/use-unlike-confirm.ts';
import { useUnlikeMatch } from '../hooks/use-unlike-match.ts';
import { MatchesEmpty, MatchesFailed, MatchesList } from './matches-states.tsx';
import './matches.css';

/**
 * /matches: the member's matches, latest activity first; each card shows its chat's newest
 * message and unread count (or that it is locked), opens its chat and has Unlike (with a
 * confirmation). A spinner while loading, an empty state with Start Swiping, an error with Try
 * again. Realtime pushes keep the list current: a match made or ended, a chat unlocked or locked
 * (lib/realtime.tsx), and a new message in any chat while the list is on screen.
 */
export function MatchesScreen() {
  const { data, error, isLoading, mutate: reload } = useMatches();
  const { unlike, pendingId } = useUnlikeMatch();
  useChatActivity(() => void reload());
  const { confirming, ask, confirm, cancel, title } = useUnlikeConfirm(unlike);

  let body;
  if (isLoading) body = <Spinner label="Loading your matches..." />;
  else if (error || !data) body = <MatchesFailed title={title} onRetry={() => void reload()} />;
  else if (data.matches.length === 0) body = <MatchesEmpty title={title} />;
  else body = <MatchesList title={title} matches={data.matches} busy={pendingId !== null} onUnlike={ask} />;

  return (
    <>
      {body}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && pendingId === null) cancel();
        }}
        title={MATCHES_MESSAGES.confirmTitle}
        description={MATCHES_MESSAGES.confirmText}
        confirmLabel={MATCHES_MESSAGES.confirmLabel}
        busy={pendingId !== null}
        destructive
        onConfirm={() => void confirm()}
      />
    </>
  );
}
