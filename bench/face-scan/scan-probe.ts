/**
 * What the face-scan bench reads from inside the page, on the page's own clock: every long task
 * of the main thread (PerformanceObserver 'longtask', from the first script on), when Start and
 * Cancel were clicked (the click event's own time, so a busy main thread that handles the click
 * late is counted), and when the dialog first showed a prompt, the first step's, 'Verifying your face scan...',
 * 'Face verified' (or 'Verification Failed'), or was gone after a Cancel (DOM changes seen by a MutationObserver, then the
 * next animation frame for the picture on screen).
 */
import type { Page } from 'playwright-core';

export interface ScanMarks {
  start?: number;
  prompt?: number;
  firstStep?: number;
  verifying?: number;
  verified?: number;
  /** 'Verification Failed' showed instead. */
  failed?: number;
  cancel?: number;
  closed?: number;
  closedFrame?: number;
}

export interface ProbeReadout {
  marks: ScanMarks;
  longTasks: Array<{ start: number; duration: number }>;
  /** Duration of each POST /facetec/verify/ by resource timing (request to last byte), ms. */
  verifyRequests: number[];
}

/** Runs in the page before its own scripts (context.addInitScript). */
export function installScanProbe() {
  const marks: Record<string, number> = {};
  const longTasks: Array<{ start: number; duration: number }> = [];
  Object.assign(window, { scanProbe: { marks, longTasks } });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      const name = button?.textContent?.trim();
      if (name === 'Start Face Scan') marks.start = event.timeStamp;
      if (name === 'Cancel' && button?.closest('[role="dialog"]')) marks.cancel = event.timeStamp;
    },
    true,
  );
  new MutationObserver(() => {
    const now = performance.now();
    const dialog = document.querySelector('[role="dialog"]');
    if (marks.start !== undefined && marks.cancel === undefined) {
      const progress = dialog?.querySelector('.pp-scan-progress')?.textContent ?? null;
      if (marks.prompt === undefined && progress !== null) marks.prompt = now;
      if (marks.firstStep === undefined && progress?.startsWith('Step 1 ')) marks.firstStep = now;
      const text = dialog?.textContent ?? '';
      if (marks.verifying === undefined && text.includes('Verifying your face scan...')) marks.verifying = now;
      if (marks.verified === undefined && text.includes('Face verified')) marks.verified = now;
      if (marks.failed === undefined && text.includes('Verification Failed')) marks.failed = now;
    }
    if (marks.cancel !== undefined && marks.closed === undefined && !dialog) {
      marks.closed = now;
      requestAnimationFrame(() => (marks.closedFrame = performance.now()));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * Resolves once `mark` is set, asking the page twice a second: Playwright's own waits poll the
 * page every frame, which would add main-thread work to what is being measured.
 */
export async function waitForMark<M extends keyof ScanMarks>(page: Page, marks: M | M[], timeoutMs: number): Promise<M> {
  const wanted = Array.isArray(marks) ? marks : [marks];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reached = await page.evaluate(
      (names: string[]) =>
        names.find((name) => (window as unknown as { scanProbe: { marks: Record<string, number> } }).scanProbe.marks[name] !== undefined) ??
        null,
      wanted as string[],
    );
    if (reached) return reached as M;
    if (Date.now() > deadline) throw new Error(`the scan reached none of ${wanted.join(', ')} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function readScanProbe(page: Page): Promise<ProbeReadout> {
  return page.evaluate(() => {
    const probe = (window as unknown as { scanProbe: { marks: ScanMarks; longTasks: ProbeReadout['longTasks'] } }).scanProbe;
    const verifyRequests = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/v1/facetec/verify/')
      .map((entry) => entry.duration);
    return { marks: { ...probe.marks }, longTasks: [...probe.longTasks], verifyRequests };
  });
}
