import { Privacy } from '@/features/legal/components/privacy.tsx';
import { Terms } from '@/features/legal/components/terms.tsx';

export const PrivacyRoute = Privacy;
export const TermsRoute = Terms;
