/**
 * TensorFlow.js for the image models (face-api, nsfwjs), on the WebAssembly backend: the native
 * tfjs-node binding downloads a binary at install time, which these machines cannot do, and the
 * plain-JS CPU backend is several times slower. Every model in the process shares this one tfjs
 * instance, so the backend is chosen once, here.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';

let ready: Promise<typeof tf> | null = null;

/**
 * The backend's Emscripten glue adds process listeners that rethrow every uncaught exception
 * and unhandled rejection, which ends the process with code 7 whatever the process guard
 * decided: a database driver error the guard had logged and survived still killed the workers
 * process (seen when PostgreSQL was killed under it). Listeners added while the backend starts
 * are removed again, so the guard alone decides.
 */
async function withoutAddedCrashListeners<T>(start: () => Promise<T>): Promise<T> {
  const exceptionListeners = new Set(process.listeners('uncaughtException'));
  const rejectionListeners = new Set(process.listeners('unhandledRejection'));
  try {
    return await start();
  } finally {
    for (const listener of process.listeners('uncaughtException')) {
      if (!exceptionListeners.has(listener)) process.removeListener('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!rejectionListeners.has(listener)) process.removeListener('unhandledRejection', listener);
    }
  }
}

export function wasmTf(): Promise<typeof tf> {
  ready ??= withoutAddedCrashListeners(async () => {
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  });
  return ready;
}
