import { MatchesScreen } from '@/features/matches/components/matches-screen.tsx';

/** /matches inside the main layout. */
export function MatchesRoute() {
  return <MatchesScreen />;
}
