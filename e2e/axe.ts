/**
 * axe-core accessibility checks for the browser journeys: the engine is read once per test file
 * and injected into each page under test.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's engine, injected into the page as a script. */
export async function axeSource(): Promise<string> {
  return readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
}

/**
 * Runs axe in the page (through the debugger, so the app's CSP does not apply) and answers its
 * violations: the whole page, toasts included, or only what `include` selects.
 */
export async function axeViolations(page: Page, source: string, include?: string): Promise<AxeViolation[]> {
  // A toast that is arriving or stacking fades its text for a moment; contrast is judged on the
  // settled toasts, as they are read.
  await page.waitForFunction(() =>
    (document.querySelector('[data-sonner-toaster]')?.getAnimations({ subtree: true }) ?? []).every((a) => a.playState !== 'running'),
  );
  await page.evaluate(source);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = selector ? { include: [[selector]] } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, include);
}
