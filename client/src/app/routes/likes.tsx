import { LikesScreen } from '@/features/likes-screen/components/likes-screen.tsx';

/** /likes inside the main layout: likes received and sent, and blocked users. */
export function LikesRoute() {
  return <LikesScreen />;
}
