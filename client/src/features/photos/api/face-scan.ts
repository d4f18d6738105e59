import type { LivenessStepKind } from '@contract/liveness.ts';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** GET /facetec/config/: one scan session (used once, 150 s). */
export interface ScanSession {
  sessionToken: string;
  expiresAt: string;
  /** Only on a development server set up for practice scans: nothing to verify, nothing to bind. */
  mock: boolean;
  baselinePrompt: string;
  challenge: Array<{ step: LivenessStepKind; prompt: string }>;
  minFrames: number;
  maxFrames: number;
  maxFrameBytes: number;
}

export interface ScanPass {
  livenessToken: string;
  score: number;
  mock: boolean;
}

export const getScanSession = () => api.get<ScanSession>(apiPaths.faceScanConfig, { toastErrors: false });

/** POST /facetec/verify/: the frames (base64 JPEG, neutral first); answers once the worker decided. */
export const verifyScan = (sessionToken: string, frames: string[]) =>
  api.post<ScanPass>(apiPaths.faceScanVerify, { sessionToken, frames }, { toastErrors: false });

/** POST /uploads/{id}/liveness/: binds a passed scan to a photo 1 upload created without it. */
export const bindScanToUpload = (uploadId: string, pass: ScanPass) =>
  api.post<{ detail: string; verified: boolean }>(
    apiPaths.uploadLiveness(uploadId),
    { sessionToken: pass.livenessToken, score: pass.score },
    { toastErrors: false },
  );
