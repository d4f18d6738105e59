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
 * violations. Toasts are left out: they are the shared toaster's (sonner's) styling, not this screen's.
 */
export async function axeViolations(page: Page, source: string): Promise<AxeViolation[]> {
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({ exclude: [['[data-sonner-toaster]']] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
}
