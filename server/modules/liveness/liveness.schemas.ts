/** Request and response contracts of the face-scan routes. */
import { Type } from 'typebox';
import { LIVENESS_MAX_FRAMES, LIVENESS_MIN_FRAMES, LIVENESS_STEP_KINDS, type LivenessStepKind } from '../../contract/liveness.ts';
import { MAX_FRAME_BASE64 } from './liveness.rules.ts';

const SessionToken = Type.String({ format: 'uuid', description: 'From GET /facetec/config/' });

export const ScanConfigResponse = Type.Object(
  {
    sessionToken: Type.String({ format: 'uuid' }),
    expiresAt: Type.String({ format: 'date-time' }),
    /** True only on a development server configured for practice scans. */
    mock: Type.Boolean(),
    baselinePrompt: Type.String({ description: 'Shown before the first step: the neutral frame' }),
    challenge: Type.Array(
      Type.Object(
        { step: Type.Unsafe<LivenessStepKind>({ type: 'string', enum: [...LIVENESS_STEP_KINDS] }), prompt: Type.String() },
        { additionalProperties: false },
      ),
      { description: 'The movements to perform, in this order' },
    ),
    minFrames: Type.Integer(),
    maxFrames: Type.Integer(),
    maxFrameBytes: Type.Integer(),
  },
  { additionalProperties: false },
);

export const VerifyScanBody = Type.Object(
  {
    sessionToken: SessionToken,
    frames: Type.Array(Type.String({ minLength: 4, maxLength: MAX_FRAME_BASE64, pattern: '^[A-Za-z0-9+/]*={0,2}$' }), {
      minItems: 0,
      maxItems: LIVENESS_MAX_FRAMES,
      description: `Base64 JPEG frames: the neutral one first, then the steps in order (${LIVENESS_MIN_FRAMES}-${LIVENESS_MAX_FRAMES}; none for a practice scan)`,
    }),
  },
  { additionalProperties: false },
);

export const VerifyScanResponse = Type.Object(
  {
    livenessToken: Type.String({ format: 'uuid', description: 'Send with the photo 1 upload (create or liveness route)' }),
    score: Type.Number({ minimum: 0, maximum: 1 }),
    mock: Type.Boolean(),
  },
  { additionalProperties: false },
);
