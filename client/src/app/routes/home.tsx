import { DiscoveryScreen } from '../../features/discovery/components/discovery-screen.tsx';
import { useLikeProfile } from '../../features/likes/hooks/use-like-profile.ts';
import { getFilters } from '../../features/discovery/api/get-filters.ts';
import { useMyProfile } from '../../features/profile/api/get-my-profile.ts';
import { apiPaths } from '../../config/paths.ts';
import { prefetchSignedIn } from '../prefetch.ts';

// Discovery asks for the saved filters once the own profile is known; they do not depend on it.
prefetchSignedIn([[apiPaths.filterProfiles, getFilters]]);

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
