/**
 * The wasm backend's start-up adds process listeners that rethrow (Emscripten's glue); after
 * wasmTf() none of them is left, so an uncaught error is the process guard's alone to judge.
 */
import t from 'tap';
import { wasmTf } from './tf-backend.ts';

t.test('starting the wasm backend leaves no crash listener of its own behind', async (t) => {
  const before = {
    uncaughtException: process.listeners('uncaughtException').length,
    unhandledRejection: process.listeners('unhandledRejection').length,
  };
  const tf = await wasmTf();
  t.equal(tf.getBackend(), 'wasm', 'the backend started');
  t.equal(process.listeners('uncaughtException').length, before.uncaughtException, 'no uncaughtException listener added');
  t.equal(process.listeners('unhandledRejection').length, before.unhandledRejection, 'no unhandledRejection listener added');
  const caught: unknown[] = [];
  const keep = (error: unknown) => caught.push(error);
  process.on('unhandledRejection', keep);
  t.teardown(() => process.off('unhandledRejection', keep));
  void Promise.reject(new Error('a driver error nobody awaited'));
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(caught.length, 1, 'an unhandled rejection reaches our listener and nothing rethrows it');
});
