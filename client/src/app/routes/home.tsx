import { DiscoveryScreen } from '@/features/discovery/components/discovery-screen.tsx';
import { useLikeProfile } from '@/features/likes/hooks/use-like-profile.ts';
import { useReportDialog } from '@/features/reports/hooks/use-report-dialog.tsx';
import { getFilters } from '@/features/discovery/api/get-filters.ts';
import { prefetchProfiles, profilesKey } from '@/features/discovery/api/get-profiles.ts';
import { getCompleteness } from '@/features/profile/api/get-completeness.ts';
import { useMyProfile } from '@/features/profile/api/get-my-profile.ts';
import { apiPaths } from '@/config/paths.ts';
import { startsDiscovery } from '../boot-reads.ts';
import { prefetched, prefetchSignedIn } from '../prefetch.ts';

/**
 * Discovery asks for the saved filters once the own profile is known, and for its first page
 * once both are in. Neither depends on the profile: on a visit that starts on /home the filters
 * are asked for now, the first page as soon as they arrive (its key is made from them alone).
 * Only for a complete profile: the server refuses discovery to an incomplete one, and a refusal
 * read now would wait in SWR for the first /home after the member completes the profile. Other
 * screens (the edit screen carries this module too) never start it: an answer read there would
 * be handed, however old, to the next visit to /home.
 */
if (startsDiscovery(window.location.pathname)) {
  prefetchSignedIn([
    [
      apiPaths.filterProfiles,
      async () => {
        const complete = prefetched(apiPaths.completeness, getCompleteness).then(
          (answer) => answer.is_complete,
          () => false,
        );
        const filters = await getFilters();
        if (await complete) {
          const key = profilesKey(filters);
          prefetchSignedIn([[key, () => prefetchProfiles(key)]]);
        }
        return filters;
      },
    ],
  ]);
}

export function HomeRoute() {
  const { data: me, isLoading } = useMyProfile();
  const like = useLikeProfile();
  const reports = useReportDialog();
  return (
    <>
      <DiscoveryScreen
        me={me}
        meLoading={isLoading}
        likeBusy={like.busy}
        onDecide={(profile, liked, context) => like.send(profile, liked, context)}
        onReport={(profile) => reports.report({ userId: Number(profile.user_id ?? profile.id), name: profile.username || 'Anonymous' })}
      />
      {reports.dialog}
    </>
  );
}
