import { DiscoveryScreen } from '../../features/discovery/components/discovery-screen.tsx';
import { useLikeProfile } from '../../features/likes/hooks/use-like-profile.ts';
import { useMyProfile } from '../../features/profile/api/get-my-profile.ts';

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
