import { useCallback, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { MatchItem } from '@/lib/matches.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { type ReportPeer, useEndMatch } from '../hooks/use-end-match.ts';
import { useMatchEnded } from '../hooks/use-match-ended.ts';
import { useReadReceiptsSetting } from '../hooks/use-read-receipts.ts';
import { useUnlockChat } from '../hooks/use-unlock-chat.ts';
import { useUnlockPrompt } from '../hooks/use-unlock-prompt.ts';
import { ChatFrame, ChatLoadFailed } from './chat-frame.tsx';
import { ChatHeader } from './chat-header.tsx';
import { ChatNotFound } from './chat-not-found.tsx';
import { EndMatchConfirm } from './end-match-confirm.tsx';
import { LockedView } from './locked-view.tsx';
import type { Person } from './message-list.tsx';
import { OpenChat } from './open-chat.tsx';
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
  /** Blocks the peer (the blocks feature, which toasts its own words); resolves true on success. */
  blockPeer?: () => Promise<boolean>;
  /** Reports the peer (the reports feature's dialog and toast), naming a message or none; true once filed. */
  reportPeer?: ReportPeer;
}

/** The peer's name, kept after the match leaves the list (it ended), for the notice that says so. */
function usePeerName(match: MatchItem | undefined): string {
  const lastName = useRef<string | null>(null);
  if (match?.username) lastName.current = match.username;
  return match?.username || lastName.current || 'Your match';
}

/**
 * /chat/{matchId}: the header, the conversation and the composer; the locked view behind the
 * unlock dialog; or 'Chat not available'. Mount it with `key={matchId}`.
 */
export function ChatScreen(props: ChatScreenProps) {
  const { matchId, match, matches, retryMatches, place, me, credits, refreshCredits, blockPeer, reportPeer } = props;
  const peerName = usePeerName(match);
  const peerProfileId = match?.id;
  const chat = useConversation(matchId, { profileId: peerProfileId, userId: match?.user_id, name: peerName });
  const { unlocked, notFound, reloadChat } = chat;
  const [dialogOpen, setDialogOpen] = useUnlockPrompt(unlocked, chat.chat.data);
  const [confirming, setConfirming] = useState<'unmatch' | 'block' | null>(null);
  const endMatch = useEndMatch(Number(matchId), peerProfileId, blockPeer, reportPeer);
  const { report } = endMatch;
  const reportMessage = useCallback((messageId: number) => void report([messageId]), [report]);
  const ended = useMatchEnded(Number(matchId), endMatch.ending);

  const receipts = useReadReceiptsSetting(useCallback(() => void reloadChat(), [reloadChat]));

  const { unlock, busy: unlocking } = useUnlockChat(
    matchId,
    useCallback(() => Promise.allSettled([reloadChat(), refreshCredits()]), [reloadChat, refreshCredits]),
  );

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
      onUnmatch={match ? () => setConfirming('unmatch') : undefined}
      onBlock={match && blockPeer ? () => setConfirming('block') : undefined}
      onReport={match && reportPeer ? () => void report() : undefined}
    />
  );

  const confirmation = (
    <EndMatchConfirm
      confirming={confirming}
      peerName={peerName}
      busy={endMatch.busy}
      onCancel={() => setConfirming(null)}
      unmatch={endMatch.unmatch}
      block={endMatch.block}
    />
  );

  // The match ended while the chat was open: its messages go, a short notice says so.
  if (ended) return <ChatNotFound endedWith={peerName} />;
  if (notFound || (matches === 'ready' && !match)) return <ChatNotFound />;

  if ((!chat.chat.data && !chat.chat.error) || matches === 'loading') {
    return (
      <ChatFrame header={header} confirmation={confirmation}>
        <div className="chat-body">
          <Spinner label="Loading chat..." />
        </div>
      </ChatFrame>
    );
  }

  if (!chat.chat.data || matches === 'failed') {
    return (
      <ChatFrame header={header} confirmation={confirmation}>
        <ChatLoadFailed
          onRetry={() => {
            void reloadChat();
            retryMatches();
          }}
        />
      </ChatFrame>
    );
  }

  if (!unlocked) {
    return (
      <ChatFrame locked header={header} confirmation={confirmation}>
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
      </ChatFrame>
    );
  }

  return (
    <ChatFrame header={header} confirmation={confirmation}>
      <OpenChat
        conversation={chat}
        peerProfileId={peerProfileId}
        peer={{ name: peerName, photoUrl: match?.photo1_url }}
        me={me}
        onReportMessage={match && reportPeer ? reportMessage : undefined}
      />
    </ChatFrame>
  );
}
