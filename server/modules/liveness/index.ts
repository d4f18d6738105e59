/** The liveness module's public entry: checking a scan named at upload creation. */
import { LIVENESS_MESSAGES } from './liveness.rules.ts';

export { bindableScan } from './scan-binding.service.ts';
export const LIVENESS_ONLY_PHOTO_1 = LIVENESS_MESSAGES.onlyPhoto1;
