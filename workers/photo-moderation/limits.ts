/**
 * The bounds every upload is held to. 50 MP is above any phone camera's output and far below
 * what a few kilobytes of compressed nothing can claim to be.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Below this a face fills too few pixels to be judged, and the photo looks bad on a card. */
export const MIN_SIDE = 200;
/** A real photo decodes in well under a second; this is only for files built to stall a decoder. */
export const DEFAULT_DECODE_TIMEOUT_MS = 20_000;
/** Longest side of each derivative, in pixels. Smaller sources are never enlarged. */
export const DERIVATIVE_SIZES = { thumbnail: 320, preview: 800, full: 1600 } as const;
