/**
 * Everything past sign-in shares this layout: the realtime socket (one per signed-in tab) with its
 * app-wide reactions, and the completeness check. Loaded with the first signed-in screen, so the
 * sign-in page never carries the socket client or the profile checks.
 */
import { RealtimeProvider, RealtimeUpdates } from '../../lib/realtime.tsx';
import { CompletenessGuard } from '../guards/completeness-guard.tsx';

export default function SignedInLayout() {
  return (
    <RealtimeProvider>
      <RealtimeUpdates />
      <CompletenessGuard />
    </RealtimeProvider>
  );
}
