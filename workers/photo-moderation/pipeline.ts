/**
 * Uploaded bytes in, approved derivatives or a user-readable rejection out. Pure: no database,
 * no storage, no events; the photos.uploaded handler wraps it with those.
 */
import { decodeUpload } from './decode.ts';
import { renderDerivative, type Derivatives } from './derivatives.ts';
import { DEFAULT_DECODE_TIMEOUT_MS, DERIVATIVE_SIZES } from './limits.ts';
import { type ContentCheckRule, DEFAULT_MODERATION_REASON, REJECTION_REASONS, type RejectionCode } from './reasons.ts';

export type PhotoPurpose = 'profile' | 'chat';

export interface CheckInput {
  /** The full-size derivative: upright, metadata-free JPEG. */
  jpeg: Buffer;
  width: number;
  height: number;
  purpose: PhotoPurpose;
}

/**
 * A check's verdict. A refusal's `reason` is shown on profile photos only, if the check offers
 * one; its `rule` says which rule refused, for the record (never shown). An approval may carry
 * the descriptor of the photo's one face (profile photo 1), for the handler to keep.
 */
export type CheckVerdict = { ok: true; faceDescriptor?: Float32Array } | { ok: false; reason?: string; rule?: ContentCheckRule };

/**
 * Hook point for content checks (face rules, nudity: content-checks.ts builds them) that run on
 * decoded, approved-so-far photos. A check that throws fails the job so the handler can retry it.
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
      /** The face descriptor a check supplied (profile photo 1), present only then. */
      faceDescriptor?: Float32Array;
    }
  | { status: 'rejected'; code: RejectionCode; reason: string; rule?: ContentCheckRule };

const rejected = (code: RejectionCode, reason: string = REJECTION_REASONS[code], rule?: ContentCheckRule): ModerationResult => ({
  status: 'rejected',
  code,
  reason,
  ...(rule ? { rule } : {}),
});

export async function moderateImage(bytes: Buffer, options: ModerateOptions): Promise<ModerationResult> {
  const decoded = await decodeUpload(bytes, options.decodeTimeoutMs ?? DEFAULT_DECODE_TIMEOUT_MS);
  if (!decoded.ok) return rejected(decoded.code);
  const { image } = decoded;
  // The checks read the full size; the two smaller sizes are drawn meanwhile on sharp's own
  // threads, while the checks' inference keeps this one busy.
  const full = await renderDerivative(image, DERIVATIVE_SIZES.full);
  const smaller = Promise.all([renderDerivative(image, DERIVATIVE_SIZES.preview), renderDerivative(image, DERIVATIVE_SIZES.thumbnail)]);
  smaller.catch(() => {});
  let faceDescriptor: Float32Array | undefined;
  for (const check of options.checks ?? []) {
    const verdict = await check({ jpeg: full, width: image.width, height: image.height, purpose: options.purpose });
    if (!verdict.ok) {
      const shown = options.purpose === 'profile' && verdict.reason ? verdict.reason : DEFAULT_MODERATION_REASON;
      return rejected('moderation', shown, verdict.rule);
    }
    faceDescriptor ??= verdict.faceDescriptor;
  }
  const [preview, thumbnail] = await smaller;
  const derivatives = { thumbnail, preview, full };
  return { status: 'approved', derivatives, width: image.width, height: image.height, ...(faceDescriptor ? { faceDescriptor } : {}) };
}
