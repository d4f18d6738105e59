/**
 * The one face reader a scan dialog holds, and the wait for its models with a time limit. A
 * reader that failed, timed out or was closed is never handed out again: the next `open` starts
 * a new worker, so Try Again (or a Start after a load that broke while the member read the intro)
 * really loads again. A wait only ever acts on its own reader: the limit of a cancelled wait
 * cannot end the reader of the scan started after it.
 */
import { type FaceReader, FaceReaderClosed, type LoadProgress } from './face-reader.ts';

/**
 * How long the member may wait on 'Preparing' for the models (loaded and warmed). On the 2-core
 * machine under load they took 5-15 s; a phone on a slow connection fetches about 1.5 MB.
 */
export const MODEL_LOAD_LIMIT_MS = 45_000;

export class ModelsTimedOut extends Error {
  constructor(limitMs: number) {
    super(`The face models were not ready within ${limitMs / 1000} s`);
    this.name = 'ModelsTimedOut';
  }
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ReaderSlotOptions {
  /** Starts a reader (a worker) that reports its loading to `onProgress`. */
  start: (onProgress: (progress: LoadProgress) => void) => FaceReader;
  /** The current reader's loading; null when a new reader starts. */
  onProgress?: (progress: LoadProgress | null) => void;
  timers?: Timers;
}

export interface ReaderSlot {
  /** The current reader, or a new one when there is none or the last one is broken. */
  open(): FaceReader;
  /** The current reader (null after `close`), without starting one. */
  current(): FaceReader | null;
  /** Ends the current reader at once; its waits reject with FaceReaderClosed. */
  close(): void;
  /**
   * Resolves once `reader`'s models are ready; rejects with what stopped them, or with
   * ModelsTimedOut after `limitMs` from now, ending that reader (only that one).
   */
  ready(reader: FaceReader, limitMs?: number): Promise<void>;
}

export function createReaderSlot({ start, onProgress = () => undefined, timers = browserTimers }: ReaderSlotOptions): ReaderSlot {
  let reader: FaceReader | null = null;
  /** Readers whose loading failed: never handed out again. */
  const broken = new WeakSet<FaceReader>();

  const closeIf = (which: FaceReader) => {
    broken.add(which);
    which.close();
    if (reader === which) reader = null;
  };

  const open = () => {
    if (reader && !broken.has(reader)) return reader;
    if (reader) closeIf(reader);
    onProgress(null);
    const started: FaceReader = start((progress) => {
      if (reader === started) onProgress(progress);
    });
    started.ready.catch(() => broken.add(started));
    reader = started;
    return started;
  };

  const ready = (which: FaceReader, limitMs = MODEL_LOAD_LIMIT_MS) =>
    new Promise<void>((resolve, reject) => {
      const limit = timers.setTimeout(() => {
        closeIf(which);
        reject(new ModelsTimedOut(limitMs));
      }, limitMs);
      which.ready.then(
        () => {
          timers.clearTimeout(limit);
          resolve();
        },
        (cause: unknown) => {
          timers.clearTimeout(limit);
          reject(cause instanceof Error ? cause : new FaceReaderClosed());
        },
      );
    });

  return {
    open,
    current: () => reader,
    close: () => {
      if (reader) closeIf(reader);
    },
    ready,
  };
}
