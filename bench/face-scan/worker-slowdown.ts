/**
 * The phone's CPU for the face reader's worker too. Chromium's CPU throttling
 * (Emulation.setCPUThrottlingRate) slows a page's main thread only and refuses worker targets
 * ("Operation is only supported for pages, not workers"), so a scan whose detection moved into a
 * worker would otherwise be timed with a phone's main thread but this machine's full speed for
 * the detection. Instead, the worker's script is served with a few lines in front that delay
 * each of its replies as if every piece of its work (the model load, then each request in
 * order) had taken `multiplier` times as long: the worker answers one request at a time, so a
 * reply at the emulated time is what the page would see on the slower CPU. Fetches during the
 * load are stretched too, which errs on the slow side; the parsing of the script itself, before
 * these lines run, is not.
 */
import type { BrowserContext } from 'playwright-core';

const shim = (multiplier: number) => `(() => {
  const multiplier = ${multiplier};
  const post = self.postMessage.bind(self);
  const arrivals = [];
  let first = true;
  let realFree = performance.now();
  let emulatedFree = realFree;
  self.addEventListener('message', () => arrivals.push(performance.now()));
  self.postMessage = (message, transfer) => {
    const now = performance.now();
    const arrival = first ? realFree : (arrivals.shift() ?? now);
    first = false;
    const realStart = Math.max(arrival, realFree);
    const emulatedEnd = Math.max(arrival, emulatedFree) + multiplier * (now - realStart);
    realFree = now;
    emulatedFree = emulatedEnd;
    setTimeout(() => post(message, transfer), Math.max(0, emulatedEnd - now));
  };
})();
`;

/** Serves the face reader's worker in `context` slowed by `multiplier()` (read when the worker is fetched). */
export async function slowFaceReaderWorker(context: BrowserContext, multiplier: () => number): Promise<void> {
  await context.route(/\/assets\/face-reader\.worker-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: response.status(), headers, body: shim(multiplier()) + body });
  });
}
