/**
 * Buying credits from every address the server announces (127.0.0.1, the machine's LAN address)
 * at phone size against the real server and its Stripe emulator, PUBLIC_URL left at its default
 * as `npm start` leaves it: the hosted page opens on the address the member used and Pay comes
 * back there. An address the server never announced gets 'Payments are not available at this
 * address'. And the price of one credit on every package.
 */
import { networkInterfaces } from 'node:os';
import type { Page } from 'playwright-core';
import t from 'tap';
import { buildTestApp } from '../server/test/app.ts';
import { woman } from '../server/test/members.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { toastWith } from './photo-helpers.ts';
import { signIn } from './sign-in.ts';

/** Serious and critical axe findings on the whole page. */
async function seriousOnPage(page: Page, source: string) {
  return (await axeViolations(page, source)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

t.test('buying credits from every address the server announces, and a plain sentence elsewhere', async (t) => {
  // As `npm start` listens: every interface, PUBLIC_URL left at its default (localhost).
  const { app, db } = await buildTestApp(t);
  await app.listen({ host: '0.0.0.0', port: 0 });
  const port = (app.addresses()[0] as { port: number }).port;
  const lan = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((info) => info.family === 'IPv4' && !info.internal)
    .map((info) => info.address);
  const origins = [`http://127.0.0.1:${port}`, ...lan.map((address) => `http://${address}:${port}`)];
  if (lan.length === 0) t.comment('this machine has no LAN address: only 127.0.0.1 is tried');
  const buyer = await woman(app, db, {}, 'carla_buys');
  // betroth.test leads to this server too, but the server never announced it (as a proxy's name
  // that PUBLIC_URL does not give).
  const browser = await launchBrowser(t, ['--host-resolver-rules=MAP betroth.test 127.0.0.1']);
  const source = await axeSource();

  for (const [index, origin] of origins.entries()) {
    await t.test(`at ${origin}: Purchase, Pay, and back to the credits`, async (t) => {
      const { context, page } = await newPhonePage(browser, origin);
      t.teardown(() => context.close());
      await page.setViewportSize({ width: 360, height: 780 });
      await signIn(page, buyer);
      await page.goto('/credits');
      await page.getByRole('heading', { level: 2, name: 'Choose a Package' }).waitFor();
      await page.getByRole('button', { name: 'Purchase 1 Credit for $4.99' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/c/pay/'), { timeout: 15_000 });
      t.equal(new URL(page.url()).hostname, new URL(origin).hostname, 'the hosted page is on the address the member used');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL((url) => url.origin === origin && url.pathname === '/credits' && url.searchParams.get('status') === 'success', {
        timeout: 15_000,
      });
      // 'Payment Successful!' may be on screen for a moment only: the webhook is quick here.
      await toastWith(page, 'Credits added to your account!').waitFor({ timeout: 35_000 });
      await page
        .getByTestId('credit-balance')
        .getByText(String(index + 1), { exact: true })
        .waitFor();
      t.pass(`the balance is ${index + 1}`);
    });
  }

  await t.test('at an address the server never announced: "Payments are not available at this address"', async (t) => {
    const { context, page } = await newPhonePage(browser, `http://betroth.test:${port}`);
    t.teardown(() => context.close());
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, buyer);
    await page.goto('/credits');
    await page.getByRole('button', { name: 'Purchase 1 Credit for $4.99' }).click();
    await toastWith(page, 'Payments are not available at this address').waitFor();
    t.equal(new URL(page.url()).pathname, '/credits', 'the member stays on the credits screen');
    t.equal(await page.getByText('Return addresses must be pages of this app.').count(), 0, 'not the old sentence');
    await page.locator('[data-sonner-toast][data-type="error"][data-visible="true"]').first().waitFor();
    t.same(await seriousOnPage(page, source), [], 'axe: /credits with the refusal');
  });

  await t.test('each package shows what one credit costs, and the saving beside BEST VALUE', async (t) => {
    const { context, page } = await newPhonePage(browser, origins[0]);
    t.teardown(() => context.close());
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, buyer);
    await page.goto('/credits');
    await page.locator('.package-card').first().waitFor();
    t.same(await page.locator('.package-unit').allTextContents(), [
      '$4.99 per credit',
      '$4.33 per credit',
      '$4.00 per credit',
      '$3.57 per credit',
    ]);
    const best = page.locator('[data-package="chat_7"]');
    t.equal((await best.locator('.best-badge').textContent())?.trim(), 'BEST VALUE');
    t.equal(await best.locator('.package-unit').textContent(), '$3.57 per credit', 'per-credit price on the BEST VALUE card');
    t.equal(await best.locator('.package-saving').textContent(), 'Save 28%');
    t.equal(await page.locator('[data-package="chat_1"] .package-saving').count(), 0, 'no saving on the single credit');
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 360 px');
    t.same(await seriousOnPage(page, source), [], 'axe: /credits');
  });
});
