import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { refreshCaches } from '@/lib/cache.ts';
import { findMatch, useMatches } from '@/lib/matches.ts';
import { useBlockUser } from '@/features/blocks/hooks/use-block-user.ts';
import { ChatScreen } from '@/features/chat/components/chat-screen.tsx';
import { placeLine } from '@/features/chat/hooks/chat-state.ts';
import { usePackages } from '@/features/credits/api/get-packages.ts';
import { useMyProfile } from '@/features/profile/api/get-my-profile.ts';
import { useProfile } from '@/features/profile/api/get-profile.ts';
import { useReportDialog } from '@/features/reports/hooks/use-report-dialog.tsx';

/**
 * /chat/{matchId}: the chat feature's screen, given what other features know: the peer's home
 * city and state (their profile, when the match lacks them), my own name and photo, the credit
 * balance and packages for the unlock dialog (credits), which an unlock reloads together with my
 * profile (the header's credit count), blocking the peer from the chat's menu (blocks), and
 * reporting the peer or one of their messages (reports).
 */
export function ChatRoute() {
  const { matchId = '' } = useParams();
  const matches = useMatches();
  const match = findMatch(matches.data, matchId);
  const ownPlace = match ? placeLine(match.home_city, match.home_state) : null;
  const peerProfile = useProfile(match && !ownPlace ? String(match.id) : undefined);
  const place = ownPlace ?? (peerProfile.data ? placeLine(peerProfile.data.home_city, peerProfile.data.home_state) : null);
  const { data: me } = useMyProfile();
  const packages = usePackages();
  const { mutate: reloadPackages } = packages;
  const { mutate: reloadMatches } = matches;
  const { block } = useBlockUser();
  const peerUserId = match?.user_id;
  const blockPeer = useCallback(() => (peerUserId === undefined ? Promise.resolve(false) : block(peerUserId)), [block, peerUserId]);
  const { report, dialog: reportDialog } = useReportDialog();
  const peerName = match?.username || 'Your match';
  const reportPeer = useCallback(
    (messageIds?: number[]) =>
      peerUserId === undefined ? Promise.resolve(false) : report({ userId: peerUserId, name: peerName, messageIds }),
    [report, peerUserId, peerName],
  );

  const refreshCredits = useCallback(
    () => Promise.allSettled([reloadPackages(), reloadMatches(), refreshCaches(['myProfile'])]),
    [reloadPackages, reloadMatches],
  );

  return (
    <>
      <ChatScreen
        key={matchId}
        matchId={matchId}
        match={match}
        matches={matches.data ? 'ready' : matches.error ? 'failed' : 'loading'}
        retryMatches={() => void reloadMatches()}
        place={place}
        me={{ name: me?.username || 'You', photoUrl: me?.photo1_url }}
        credits={{
          balance: packages.data?.current_credits,
          packages: packages.data?.packages,
          loading: packages.isLoading,
          failed: Boolean(packages.error),
          retry: () => void reloadPackages(),
        }}
        refreshCredits={refreshCredits}
        blockPeer={blockPeer}
        reportPeer={reportPeer}
      />
      {reportDialog}
    </>
  );
}
