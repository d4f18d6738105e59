import { useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { refreshAfter } from '@/lib/cache.ts';
import { useBlockUser } from '@/features/blocks/hooks/use-block-user.ts';
import { useLikeProfile } from '@/features/likes/hooks/use-like-profile.ts';
import { useProfile } from '@/features/profile/api/get-profile.ts';
import { useReportDialog } from '@/features/reports/hooks/use-report-dialog.tsx';
import { ProfileDetail, ProfileNotFound } from '@/features/profile/components/profile-detail.tsx';

export function ProfileViewRoute() {
  const { profileId } = useParams();
  const navigate = useNavigate();
  const { data: profile, error, isLoading } = useProfile(profileId);
  const like = useLikeProfile();
  const blocker = useBlockUser();
  const reports = useReportDialog();

  if (isLoading) return <Spinner label="Loading profile..." />;
  if (error || !profile) return <ProfileNotFound />;

  const afterDecision = (ok: boolean) => {
    if (!ok) return;
    void refreshAfter('pass');
    navigate(paths.home);
  };

  const name = profile.username || 'Anonymous';
  const userId = Number(profile.user_id ?? profile.id);
  return (
    <>
      <ProfileDetail
        profile={profile}
        busy={like.busy || blocker.busy}
        onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.home))}
        onLike={() => like.send(profile, true, 'detail').then(afterDecision)}
        onPass={() => like.send(profile, false, 'detail').then(afterDecision)}
        onBlock={async () => {
          const ok = await blocker.block(profile.user_id ?? profile.id);
          if (ok) navigate(paths.home);
          return ok;
        }}
        onReport={() =>
          void reports.report({ userId, name }).then((filed) => {
            // As after a block: the member is gone from my screens, back to discovery.
            if (filed) navigate(paths.home);
          })
        }
      />
      {reports.dialog}
    </>
  );
}
