/**
 * Chat between two matched members, each in their own phone-sized (360 px) Chromium context,
 * against the REAL server: its WebSocket gateway, the notifications handler and the real
 * photo-moderation handler (buildTestApp runs every shipped handler in-process by default). The
 * locked chat and its unlock dialog, a credit granted and spent, the chat opening live for the
 * other member, messages arriving without a reload, 'Seen', the typing indicator, a photo sent
 * and opened full size, and a match that is not there. Screenshots go to the screenshot folder (browser.ts);
 * accessibility is checked with axe-core (a dev dependency) on the unlock dialog and the chat.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import t from 'tap';
import { ACCEPT_ATTRIBUTE } from '../server/contract/upload-rules.ts';
import { listenTestApp } from '../server/test/app.ts';
import { insertMessages, matchedPair } from '../server/test/chat.ts';
import { balanceOf, giveCredits } from '../server/test/credits.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { framesPainted, horizontalOverflow } from './layout.ts';
import { signIn } from './sign-in.ts';

const NARROW = { width: 360, height: 800 } as const;
const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/images/coffee.jpg');

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** Elements of the chat whose content is wider than their box (clipped), by class. */
const clippedInChat = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.chat-page *')]
      .filter((el) => getComputedStyle(el).overflowX === 'hidden' || getComputedStyle(el).overflowX === 'clip')
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && !el.classList.contains('visually-hidden'))
      .map((el) => el.className),
  );

t.test('chatting with a match in two phone-sized browsers against the real server', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t);
  const { a, b, matchId } = await matchedPair(app, db, ['liam', 'emma']);
  // Liam liked first; the "It's a match" moment his app would show on opening is behind him.
  await app.inject({ method: 'POST', url: `/api/v1/match/new_matches/${matchId}/seen/`, headers: a.auth });
  const chatPath = `/chat/${matchId}`;

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const first = await newPhonePage(browser, baseUrl);
  const second = await newPhonePage(browser, baseUrl);
  t.teardown(() => first.context.close());
  t.teardown(() => second.context.close());
  const pageA = first.page;
  const pageB = second.page;
  await pageA.setViewportSize(NARROW);
  await pageB.setViewportSize(NARROW);

  const pageErrors: string[] = [];
  pageA.on('pageerror', (error) => pageErrors.push(`A: ${error.message}`));
  pageB.on('pageerror', (error) => pageErrors.push(`B: ${error.message}`));
  const sends: Request[] = [];
  const polls: string[] = [];
  for (const page of [pageA, pageB]) {
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/v1/match/chat/${matchId}/` && request.method() === 'POST') sends.push(request);
      if (url.pathname === `/api/v1/match/chat/${matchId}/` && url.searchParams.has('after_id')) polls.push(url.search);
    });
  }
  let navigationsOfB = 0;
  pageB.on('framenavigated', (frame) => {
    if (frame === pageB.mainFrame()) navigationsOfB++;
  });

  await signIn(pageA, a);
  await signIn(pageB, b);

  await t.test('a locked chat: the dimmed view behind the unlock dialog, with no credits', async (t) => {
    await pageA.goto(chatPath);
    const dialog = pageA.getByRole('dialog', { name: 'Unlock Chat' });
    await dialog.waitFor();
    // Behind the modal dialog, so hidden from the accessibility tree: found by text.
    t.equal(await pageA.locator('.chat-locked-card h2').textContent(), 'Chat Locked', 'Chat Locked behind the dialog');
    t.equal(await pageA.locator('.chat-locked-card p').textContent(), 'Use a credit to unlock');
    await dialog.getByText('You need at least 1 credit to unlock this chat').waitFor();
    t.equal(await dialog.getByTestId('unlock-balance').textContent(), '0', 'the current credits');
    t.equal(await dialog.getByRole('button', { name: 'Unlock Chat (1 Credit)' }).count(), 0, 'no unlock without a credit');
    t.ok(await dialog.getByRole('button', { name: 'Buy Chat Credits' }).isVisible(), 'Buy Chat Credits');
    t.same(
      await dialog.locator('.unlock-packages li').allTextContents(),
      ['1 Credit$4.99', '3 Credits$12.99', '5 Credits$19.99', '7 Credits$24.99'],
      'the first four packages, with prices',
    );
    t.ok(await dialog.getByText('1 credit unlocks one conversation with a match.').isVisible());
    t.ok(await dialog.getByText('Once a conversation is unlocked, messages in it are unlimited.').isVisible());
    t.ok(await dialog.getByText('Credits never expire.').isVisible());
    t.equal(await pageA.locator('.chat-title').textContent(), b.username, 'the peer’s name');
    t.equal(await pageA.locator('.chat-place').textContent(), 'Austin, Texas', 'the peer\u2019s home city and state');
    t.equal(await horizontalOverflow(pageA), 0, 'nothing wider than 360 px');
    t.same(await axeViolations(pageA, source), [], 'axe: the unlock dialog');
    await screenshot(pageA, 'chat-unlock', { hideToasts: true });
    t.equal(polls.length, 0, 'a locked chat never polls');

    await dialog.getByRole('button', { name: 'Buy Chat Credits' }).click();
    await waitForPath(pageA, '/credits');
    t.pass('Buy Chat Credits goes to /credits');

    // The other member waits on the same locked chat.
    await pageB.goto(chatPath);
    await pageB.getByRole('dialog', { name: 'Unlock Chat' }).waitFor();
    await pageB.keyboard.press('Escape');
    await pageB.getByRole('button', { name: 'Unlock this chat' }).waitFor();
    t.pass('the dialog closes and the locked view can open it again');
  });

  await t.test('with a credit: Unlock Chat (1 Credit), and the chat opens for both', async (t) => {
    await giveCredits(db, a, 1);
    await pageA.goto(chatPath);
    const dialog = pageA.getByRole('dialog', { name: 'Unlock Chat' });
    await dialog.getByTestId('unlock-balance').getByText('1', { exact: true }).waitFor();
    const unlockRequest = pageA.waitForRequest((request) => request.url().includes('/use_chat_credit/'));
    await dialog.getByRole('button', { name: 'Unlock Chat (1 Credit)' }).click();
    // The tap is named by an Idempotency-Key, so a retry after a lost answer cannot charge twice.
    t.match(
      (await unlockRequest).headers()['idempotency-key'],
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      'the unlock carries its own Idempotency-Key',
    );
    await toast(pageA, 'Chat unlocked! You can now send messages.').waitFor();
    await pageA.getByText('No messages yet. Say hi!').waitFor();
    t.equal(await dialog.count(), 0, 'the dialog is gone');
    t.equal(await balanceOf(db, a), 0, 'the credit was spent');
    // On a phone the chat's own header is the only one: the balance change is announced.
    await pageA.getByTestId('credits-announcement').getByText('Chat credits: 0 credits').waitFor({ state: 'attached' });
    t.pass('the balance follows');

    await pageB.getByText('No messages yet. Say hi!').waitFor({ timeout: 10_000 });
    t.pass('the peer\u2019s chat opened live');
  });

  await t.test('Send needs text', async (t) => {
    const send = pageA.getByRole('button', { name: 'Send', exact: true });
    const input = pageA.getByRole('textbox', { name: 'Message' });
    t.equal(await input.getAttribute('placeholder'), 'Type a message...');
    t.ok(await send.isDisabled(), 'disabled while empty');
    await input.fill('   ');
    t.ok(await send.isDisabled(), 'disabled with whitespace only');
    await input.fill('');
  });

  await t.test('a message arrives live, and Seen once the peer has it on screen', async (t) => {
    const navigationsBefore = navigationsOfB;
    await pageA.getByRole('textbox', { name: 'Message' }).fill('Hello!');
    await pageA.getByRole('button', { name: 'Send', exact: true }).click();
    await pageA.locator('.chat-msg.is-mine .chat-text', { hasText: 'Hello!' }).waitFor();
    t.equal(await pageA.getByRole('textbox', { name: 'Message' }).inputValue(), '', 'the composer is cleared');
    t.equal(sends.length, 1);
    const key = await sends[0].headerValue('idempotency-key');
    t.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'the send carried a UUID Idempotency-Key');

    await pageB.locator('.chat-msg.is-peer .chat-text', { hasText: 'Hello!' }).waitFor({ timeout: 4_000 });
    t.equal(navigationsOfB, navigationsBefore, 'no reload on the other side');
    t.ok(
      await pageB.locator('.chat-msg.is-peer.run-start .chat-sender', { hasText: a.username }).count(),
      'the sender\u2019s name on the run',
    );
    t.match(await pageB.locator('.chat-msg.is-peer time').first().textContent(), /^\d{1,2}:\d{2} (AM|PM)$/, 'a timestamp');

    await pageA.locator('.chat-seen', { hasText: 'Seen' }).waitFor({ timeout: 5_000 });
    t.pass('Seen under the own message once it was read');
    t.ok(polls.length >= 1, 'the push was followed by a fetch after the newest id');
  });

  await t.test('typing shows on the other side', async (t) => {
    await pageB.getByRole('textbox', { name: 'Message' }).pressSequentially('Hi Li', { delay: 40 });
    await pageA.getByText(`${b.username} is typing…`).waitFor({ timeout: 4_000 });
    t.equal(await pageA.locator('.chat-typing').getAttribute('aria-live'), 'polite', 'read out to screen readers');
    await pageA.getByText(`${b.username} is typing…`).waitFor({ state: 'detached', timeout: 8_000 });
    t.pass('and goes away after a few seconds');
    await pageB.getByRole('textbox', { name: 'Message' }).fill('');
  });

  await t.test('a photo: checked, sent, and opened full size', async (t) => {
    t.equal(
      await pageB.locator('input[type="file"]').getAttribute('accept'),
      ACCEPT_ATTRIBUTE,
      'the picker offers what the server accepts, HEIC and HEIF too',
    );
    await pageB.locator('input[type="file"]').setInputFiles(PHOTO);
    const input = pageB.getByRole('textbox', { name: 'Message' });
    await pageB.getByText('Analyzing image...').waitFor();
    t.equal(await input.getAttribute('placeholder'), 'Add a caption (optional)...');
    t.ok(await pageB.getByRole('button', { name: 'Send', exact: true }).isDisabled(), 'no send while the photo is checked');
    await toast(pageB, 'Photo ready to send!').waitFor({ timeout: 60_000 });
    await input.fill('Coffee?');
    await pageB.getByRole('button', { name: 'Send', exact: true }).click();
    await pageB.locator('.chat-msg.is-mine .chat-photo').waitFor();
    t.equal(await pageB.locator('.chat-attachment').count(), 0, 'the attachment is cleared after sending');

    const thumbnail = pageA.getByRole('button', { name: `Open photo from ${b.username}` });
    await thumbnail.waitFor({ timeout: 5_000 });
    await pageA.locator('.chat-msg.is-peer .chat-text', { hasText: 'Coffee?' }).waitFor();
    await pageA.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.chat-photo img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    t.pass('the thumbnail loads');
    await thumbnail.click();
    const viewer = pageA.getByRole('dialog', { name: `Photo from ${b.username}` });
    await viewer.waitFor();
    await pageA.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.photo-viewer-image');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    t.pass('the full size loads in the viewer');
    await pageA.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    t.pass('Escape closes the viewer');
  });

  await t.test('the chat at 360 px and 320 px, and axe', async (t) => {
    await pageA
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    t.equal(await horizontalOverflow(pageA), 0, 'nothing wider than 360 px');
    t.same(await clippedInChat(pageA), [], 'nothing clipped');
    t.same(await axeViolations(pageA, source), [], 'axe: the chat');
    await screenshot(pageA, 'chat', { hideToasts: true });
    await pageA.setViewportSize({ width: 320, height: 640 });
    await framesPainted(pageA);
    t.equal(await horizontalOverflow(pageA), 0, 'nothing wider than 320 px');
    t.same(await clippedInChat(pageA), [], 'nothing clipped at 320 px');
    const composer = await pageA.locator('.chat-composer-row').evaluate((row) => row.scrollWidth - row.clientWidth);
    t.equal(composer, 0, 'the composer fits');
    await pageA.setViewportSize(NARROW);
  });

  await t.test('with the socket open, an open chat does not poll', async (t) => {
    const before = polls.length;
    await pageA.waitForTimeout(6_000);
    t.equal(polls.length, before, 'no after_id request in 6 s without a push');
  });

  await t.test('the read receipts setting is in the chat menu', async (t) => {
    await pageA.getByRole('button', { name: 'Chat options' }).click();
    const item = pageA.getByRole('menuitemcheckbox', { name: 'Send read receipts' });
    await item.waitFor();
    t.equal(await item.getAttribute('aria-checked'), 'true', 'on by default');
    await pageA.keyboard.press('Escape');
  });

  await t.test('older history loads above, keeping the scroll position', async (t) => {
    await insertMessages(db, matchId, a.profileId, 60, 'filler');
    await pageB.reload();
    await pageB.locator('.chat-text', { hasText: 'filler 60' }).waitFor();
    t.equal(await pageB.getByText('Hello!', { exact: true }).count(), 0, 'the first page is the newest 50');
    await pageB.getByRole('button', { name: 'Load earlier messages' }).waitFor();
    // Scrolling to the top loads the page before by itself; what was on screen stays put. (The
    // second message is measured: the first one loses its name line once its run continues above.)
    const before = await pageB.evaluate(() => {
      const scroller = document.querySelector('.chat-scroll') as HTMLElement;
      const second = document.querySelectorAll<HTMLElement>('.chat-msg')[1];
      scroller.scrollTop = 0;
      return { id: second.dataset.messageId, top: second.getBoundingClientRect().top };
    });
    await pageB.locator('.chat-text', { hasText: 'Hello!' }).waitFor({ state: 'attached' });
    await pageB.getByRole('button', { name: 'Load earlier messages' }).waitFor({ state: 'detached' });
    const after = await pageB.evaluate((id) => document.querySelector(`[data-message-id="${id}"]`)?.getBoundingClientRect().top, before.id);
    t.ok(after !== undefined && Math.abs(after - before.top) < 4, `the same message at the same place (${before.top} -> ${after})`);
  });

  await t.test('the chat locks live when the peer ends it', async (t) => {
    await pageA.goto(chatPath);
    await pageA.locator('.chat-text', { hasText: 'filler 60' }).waitFor();
    const ended = await app.inject({ method: 'POST', url: `/api/v1/match/end_chat_privilege/${matchId}/`, headers: b.auth });
    t.equal(ended.statusCode, 200);
    await pageA.getByRole('dialog', { name: 'Unlock Chat' }).waitFor({ timeout: 5_000 });
    t.equal(await pageA.locator('.chat-msg').count(), 0, 'no history is shown while locked');
    t.equal(await pageA.locator('.chat-locked-card h2').textContent(), 'Chat Locked');
  });

  await t.test('a match that is not there', async (t) => {
    await pageA.goto('/chat/999999');
    await pageA.getByRole('heading', { name: 'Chat not available' }).waitFor();
    await pageA.getByRole('link', { name: 'Back to Matches' }).click();
    await waitForPath(pageA, '/matches');
    t.pass('a way back to the matches');
  });

  await t.test('no uncaught errors in the pages', async (t) => {
    t.same(pageErrors, []);
  });
});
