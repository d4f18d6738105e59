/**
 * Uploaded bytes in, approved derivatives or a user-readable rejection out. Pure: no database,
 * no storage, no events; the photos.uploaded handler wraps it with those.
 */
import { decodeUpload } from './decode.ts';
import { renderDerivatives, type Derivatives } from './derivatives.ts';
import { DEFAULT_DECODE_TIMEOUT_MS } from './limits.ts';
import { DEFAULT_MODERATION_REASON, REJECTION_REASONS, type RejectionCode } from './reasons.ts';

export type PhotoPurpose = 'profile' | 'chat';

export interface CheckInput {
  /** The full-size derivative: upright, metadata-free JPEG. */
  jpeg: Buffer;
  width: number;
  height: number;
  purpose: PhotoPurpose;
}

/** A check's verdict; `reason` is shown on profile photos only, if the check offers one. */
export type CheckVerdict = { ok: true } | { ok: false; reason?: string };

/**
 * Hook point for content checks (face present, nudity) that run on decoded, approved-so-far
 * photos. None exists yet. A check that throws fails the job so the handler can retry it.
 */
export type ContentCheck = (input: CheckInput) => Promise<CheckVerdict>;

export interface ModerateOptions {
  purpose: PhotoPurpose;
  checks?: readonly ContentCheck[];
  decodeTimeoutMs?: number;
}

export type ModerationResult =
  | {
      status: 'approved';
      derivatives: Derivatives;
      /** Size of the upright source photo (derivatives are this, scaled down). */
      width: number;
      height: number;
    }
  | { status: 'rejected'; code: RejectionCode; reason: string };

const rejected = (code: RejectionCode, reason: string = REJECTION_REASONS[code]): ModerationResult => ({
  status: 'rejected',
  code,
  reason,
});

export async function moderateImage(bytes: Buffer, options: ModerateOptions): Promise<ModerationResult> {
  const decoded = await decodeUpload(bytes, options.decodeTimeoutMs ?? DEFAULT_DECODE_TIMEOUT_MS);
  if (!decoded.ok) return rejected(decoded.code);
  const { image } = decoded;
  const derivatives = await renderDerivatives(image);
  for (const check of options.checks ?? []) {
    const verdict = await check({ jpeg: derivatives.full, width: image.width, height: image.height, purpose: options.purpose });
    if (!verdict.ok) {
      const shown = options.purpose === 'profile' && verdict.reason ? verdict.reason : DEFAULT_MODERATION_REASON;
      return rejected('moderation', shown);
    }
  }
  return { status: 'approved', derivatives, width: image.width, height: image.height };
}
