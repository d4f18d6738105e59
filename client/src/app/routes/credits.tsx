import { CreditsScreen } from '@/features/credits/components/credits-screen.tsx';

/** /credits inside the main layout; the header's credit count refreshes with the profile. */
export function CreditsRoute() {
  return <CreditsScreen />;
}
