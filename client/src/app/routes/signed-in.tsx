/**
 * Everything past sign-in shares this layout: the realtime socket (one per signed-in tab) with its
 * app-wide reactions, and the completeness check. Loaded with the first signed-in screen, so the
 * sign-in page never carries the socket client or the profile checks.
 */
import { apiPaths } from '@/config/paths.ts';
import { getCompleteness } from '@/features/profile/api/get-completeness.ts';
import { getMyProfile } from '@/features/profile/api/get-my-profile.ts';
import { RealtimeProvider, RealtimeUpdates } from '@/lib/realtime.tsx';
import { CompletenessGuard } from '../guards/completeness-guard.tsx';
import { prefetchSignedIn } from '../prefetch.ts';

// The guard needs the completeness, the shell and most screens the own profile: ask for both
// now rather than the profile only once the guard has its answer.
prefetchSignedIn([
  [apiPaths.completeness, getCompleteness],
  [apiPaths.myProfile, getMyProfile],
]);

export default function SignedInLayout() {
  return (
    <RealtimeProvider>
      <RealtimeUpdates />
      <CompletenessGuard />
    </RealtimeProvider>
  );
}
