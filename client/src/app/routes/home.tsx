import { DiscoveryScreen } from '../../features/discovery/components/discovery-screen.tsx';
import { useLikeProfile } from '../../features/likes/hooks/use-like-profile.ts';
import { getFilters } from '../../features/discovery/api/get-filters.ts';
import { prefetchProfiles, profilesKey } from '../../features/discovery/api/get-profiles.ts';
import { useMyProfile } from '../../features/profile/api/get-my-profile.ts';
import { apiPaths } from '../../config/paths.ts';
import { prefetchSignedIn } from '../prefetch.ts';

// Discovery asks for the saved filters once the own profile is known, and for its first page
// once both are in. Neither depends on the profile: the filters are asked for now, the first page
// as soon as they arrive (its key is made from them alone), beside the own profile's request.
prefetchSignedIn([
  [
    apiPaths.filterProfiles,
    async () => {
      const filters = await getFilters();
      const key = profilesKey(filters);
      prefetchSignedIn([[key, () => prefetchProfiles(key)]]);
      return filters;
    },
  ],
]);

export function HomeRoute() {
  const { data: me, isLoading } = useMyProfile();
  const like = useLikeProfile();
  return (
    <DiscoveryScreen
      me={me}
      meLoading={isLoading}
      likeBusy={like.busy}
      onDecide={(profile, liked, context) => like.send(profile, liked, context)}
    />
  );
}
