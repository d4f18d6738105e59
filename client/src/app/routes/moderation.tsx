/**
 * The moderators' area (/moderation), one chunk: the guard that shows it to moderators only, the
 * queue, one report, and the face matches. Members never download it unless they type its address.
 */
import { useParams } from 'react-router-dom';
import { FaceScreen } from '@/features/moderation/components/face-screen.tsx';
import { ModeratorGuard } from '@/features/moderation/components/moderator-guard.tsx';
import { QueueScreen } from '@/features/moderation/components/queue-screen.tsx';
import { ReportScreen } from '@/features/moderation/components/report-screen.tsx';
import { useMyProfile } from '@/features/profile/api/get-my-profile.ts';

export function ModerationArea() {
  return <ModeratorGuard />;
}

export function ModerationQueueRoute() {
  return <QueueScreen />;
}

/** The own user id tells the screen whether I am the one who claimed the report. */
export function ModerationReportRoute() {
  const { reportId = '' } = useParams();
  const { data: me } = useMyProfile();
  return <ReportScreen key={reportId} reportId={reportId} viewerId={me?.user_id} />;
}

export function ModerationFacesRoute() {
  return <FaceScreen />;
}
