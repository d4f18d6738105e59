/**
 * The page's handle on the face reader worker (face-reader.worker.ts). The worker, face-api and
 * its models load only when a face scan dialog opens, never with the app, and everything heavy
 * (loading, detection, JPEG encoding) runs there: the page only hands over pictures of the
 * camera and gets points back. `close` ends the worker at once, whatever it is doing.
 */
import type { FaceReading, ReaderReply, ReaderRequest } from './protocol.ts';

export type { DetectedFace, FaceReading } from './protocol.ts';

export interface FaceReader {
  /** Resolves once the models are loaded and warmed; rejects when they cannot be. */
  ready: Promise<void>;
  /** The faces in this picture (handed over to the worker: do not use it afterwards). */
  read(picture: ImageBitmap): Promise<FaceReading>;
  /** The picture of the last `read`, as a base64 JPEG at the size it was handed over. */
  keep(): Promise<string>;
  close(): void;
}

export class FaceReaderClosed extends Error {
  constructor() {
    super('The face reader was closed');
    this.name = 'FaceReaderClosed';
  }
}

interface Pending {
  resolve(value: never): void;
  reject(error: Error): void;
}

/** How far the models have loaded: `done` of `total` parts. */
export interface LoadProgress {
  done: number;
  total: number;
}

export function startFaceReader(onProgress: (progress: LoadProgress) => void = () => undefined): FaceReader {
  const worker = new Worker(new URL('./face-reader.worker.ts', import.meta.url), { type: 'module', name: 'face-reader' });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;
  let settleReady: { resolve(): void; reject(error: Error): void } = { resolve: () => undefined, reject: () => undefined };
  const ready = new Promise<void>((resolve, reject) => (settleReady = { resolve, reject }));
  // Observed here so a scan closed before the models arrive leaves no unhandled rejection.
  ready.catch(() => undefined);

  const failAll = (error: Error) => {
    settleReady.reject(error);
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };

  worker.onmessage = (event: MessageEvent<ReaderReply>) => {
    const message = event.data;
    if (message.type === 'progress') return onProgress({ done: message.done, total: message.total });
    if (message.type === 'ready') return settleReady.resolve();
    if (message.type === 'failed' && message.id === null) return failAll(new Error(message.message));
    const request = message.id === null ? undefined : pending.get(message.id);
    if (!request || message.id === null) return;
    pending.delete(message.id);
    if (message.type === 'failed') request.reject(new Error(message.message));
    else request.resolve((message.type === 'reading' ? message.reading : message.jpeg) as never);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(new Error(event.message || 'The face reader stopped'));
  };

  const ask = <T>(request: ReaderRequest, transfer: Transferable[] = []) =>
    new Promise<T>((resolve, reject) => {
      if (closed) return reject(new FaceReaderClosed());
      pending.set(request.id, { resolve: resolve as (value: never) => void, reject });
      worker.postMessage(request, transfer);
    });

  return {
    ready,
    read: (picture) => ask<FaceReading>({ type: 'read', id: nextId++, picture }, [picture]),
    keep: () => ask<string>({ type: 'keep', id: nextId++ }),
    close() {
      if (closed) return;
      closed = true;
      worker.terminate();
      failAll(new FaceReaderClosed());
    },
  };
}
