/**
 * TensorFlow.js for the image models (face-api, nsfwjs), on the WebAssembly backend: the native
 * tfjs-node binding downloads a binary at install time, which these machines cannot do, and the
 * plain-JS CPU backend is several times slower. Every model in the process shares this one tfjs
 * instance, so the backend is chosen once, here.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';

let ready: Promise<typeof tf> | null = null;

export function wasmTf(): Promise<typeof tf> {
  ready ??= (async () => {
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return ready;
}
