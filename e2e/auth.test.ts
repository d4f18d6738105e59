/**
 * Browser journeys of the web client's account flow: sign up, sign out, sign in, the guard, and phone-size
 * screenshots of the account screens and the shell menu (saved to the screenshot folder, see browser.ts).
 */
import t from 'tap';
import { listenTestApp } from '../server/test/app.ts';
import { launchBrowser, newPhonePage, PHONE_VIEWPORT, screenshot, waitForPath } from './browser.ts';
import { axeSource, axeViolations } from './axe.ts';
import { brokenWords, horizontalOverflow, offScreen } from './layout.ts';

const PASSWORD = 'Betroth2026!';

t.test('account journeys in a phone-sized Chromium', async (t) => {
  const { baseUrl, mailbox } = await listenTestApp(t);
  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const username = `anna_${Date.now().toString(36)}`;
  const toasts = page.locator('[data-sonner-toaster]');
  const source = await axeSource();
  const seriousOnPage = async (on: typeof page) =>
    (await axeViolations(on, source)).filter((v) => v.impact === 'serious' || v.impact === 'critical');

  await t.test('signed out, a protected route redirects to /signin', async (t) => {
    await page.goto('/home');
    await waitForPath(page, '/signin');
    t.equal(new URL(page.url()).pathname, '/signin');
    await page.goto('/profile');
    await waitForPath(page, '/signin');
    t.pass('/profile redirects too');
  });

  await t.test('sign-in screen', async (t) => {
    await page.goto('/signin');
    await page.getByLabel('Phone, Email or Username').waitFor();
    t.ok(await page.getByRole('button', { name: 'Log In' }).isVisible());
    t.ok(await page.getByRole('link', { name: 'Create New Account' }).isVisible());
    t.ok(await page.getByRole('link', { name: 'Forgot password?' }).isVisible());
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Phone, Email or Username is required').waitFor();
    t.ok(await page.getByText('Password is required').isVisible());
    await screenshot(page, 'signin');
  });

  await t.test('forgot-password screen', async (t) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').waitFor();
    t.ok(await page.getByRole('button', { name: 'Send Reset Link' }).isVisible());
    await screenshot(page, 'forgot-password');
  });

  await t.test('reset link without a token', async (t) => {
    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    t.ok(await page.getByRole('link', { name: 'Request New Link' }).isVisible());
  });

  await t.test('sign up lands on /profile/edit', async (t) => {
    await page.goto('/signup');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    t.ok(await page.getByText('Invalid email address').isVisible());

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
    await page.getByText('Use a mix of letters, numbers, and symbols').waitFor();
    t.equal(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('value'), '2');
    await screenshot(page, 'signup');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/profile/edit');
    await page.getByText('Account created successfully!').waitFor();
    t.ok(await page.evaluate(() => Boolean(localStorage.getItem('auth_token'))), 'token stored under auth_token');
  });

  await t.test('a taken username and a taken email are both shown, each on its field', async (t) => {
    await page.evaluate(() => localStorage.clear());
    await page.goto('/signup');
    await page.getByLabel('Username').fill(username.toUpperCase());
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const usernameError = page.locator('[id$="-error"]', { hasText: 'This username is already taken' });
    const emailError = page.locator('[id$="-error"]', { hasText: 'An account with this email already exists' });
    await usernameError.waitFor();
    await emailError.waitFor();
    t.equal(await page.getByLabel('Username').getAttribute('aria-invalid'), 'true', 'the username is marked');
    t.equal(await page.getByLabel('Email').getAttribute('aria-invalid'), 'true', 'the email is marked');
    await toasts.getByText('This username is already taken').waitFor();
    await toasts.getByText('An account with this email already exists').waitFor();
    t.pass('both toasts');
    t.equal(new URL(page.url()).pathname, '/signup', 'still on /signup');
    t.same(await seriousOnPage(page), [], 'axe: /signup with both refusals');
    await page.getByLabel('Username').fill(`${username}_2`);
    await usernameError.waitFor({ state: 'detached' });
    t.pass('a new username clears its error');
    // Back to the member's own session for what follows.
    await page.goto('/signin');
    await page.getByLabel('Phone, Email or Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await waitForPath(page, '/home');
  });

  await t.test('an incomplete profile may reach only /profile/edit and /home', async (t) => {
    await page.goto('/likes');
    await waitForPath(page, '/profile/edit');
    await page.getByText('Please complete your profile to continue').waitFor();
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Discover' }).waitFor();
    t.equal(new URL(page.url()).pathname, '/home');
    await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
    await screenshot(page, 'home-incomplete');

    // With a gender but still incomplete, /home asks to finish the profile instead of calling
    // discovery (which the server refuses with 403), so no permission toast appears.
    const saved = await page.evaluate(async () => {
      const response = await fetch('/api/v1/profile_update/', {
        method: 'PATCH',
        headers: { Authorization: `Token ${localStorage.getItem('auth_token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ gender: 'Woman' }),
      });
      return response.status;
    });
    t.equal(saved, 200);
    await page.reload();
    await page.getByText('Please complete your profile to continue. Finish the required fields to start discovering matches.').waitFor();
    t.notOk(await page.getByText('You do not have permission to perform this action.').isVisible(), 'no permission error');
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  });

  await t.test("the incomplete member's edit screen has a menu of what they may use, and each entry works", async (t) => {
    const offered = ['Home', 'Complete Your Profile', 'Buy Credits', 'Privacy Policy', 'Terms and Conditions'];
    const openMenu = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog');
      await menu.getByRole('button', { name: 'Sign Out' }).waitFor();
      await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      return menu;
    };
    const menu = await openMenu();
    t.same(await menu.getByRole('link').allTextContents(), offered, 'only what an incomplete member may use');
    t.same(await seriousOnPage(page), [], 'axe: the menu on the edit screen');
    await menu.getByRole('link', { name: 'Buy Credits' }).click();
    await waitForPath(page, '/credits');
    await page.getByRole('heading', { level: 2, name: 'Choose a Package' }).waitFor();
    t.equal(await page.getByText('Please complete your profile to continue').count(), 0, 'the credits open, no bounce');
    // The shell's menu on /credits offers the same.
    const shellMenu = await openMenu();
    t.same(await shellMenu.getByRole('link').allTextContents(), offered, 'the same in the shell');
    await shellMenu.getByRole('link', { name: 'Complete Your Profile' }).click();
    await waitForPath(page, '/profile/edit');
    await (await openMenu()).getByRole('link', { name: 'Privacy Policy' }).click();
    await waitForPath(page, '/privacy');
    await page.goBack();
    await waitForPath(page, '/profile/edit');
    await (await openMenu()).getByRole('link', { name: 'Terms and Conditions' }).click();
    await waitForPath(page, '/terms');
    await page.goBack();
    await page.getByRole('heading', { name: 'Complete Your Profile', level: 1 }).waitFor();
    // Cancel would open the own profile, which is not open yet: it leaves for /home instead.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await waitForPath(page, '/home');
    t.equal(await page.getByText('Please complete your profile to continue', { exact: true }).count(), 0, 'Cancel is not bounced back');
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  });

  await t.test('sign out returns to /signin and clears storage', async (t) => {
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/signin');
    await page.getByText('Signed out successfully').waitFor();
    t.equal(await page.evaluate(() => localStorage.length), 0);
    await page.goto('/home');
    await waitForPath(page, '/signin');
    t.pass('the guard holds after sign-out');
  });

  await t.test('sign in lands on /home and the shell menu works', async (t) => {
    await page.getByLabel('Phone, Email or Username').fill(username);
    await page.getByLabel('Password').fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    const refused = toasts.getByText('Invalid username or password');
    await refused.waitFor();
    // The member corrects the password at once, while the failure is still up.
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await refused.waitFor({ state: 'detached', timeout: 2_000 });
    t.pass('the failure is taken down by the retry, not left over the signed-in screen');
    await waitForPath(page, '/home');
    await page.getByText(`Welcome back, ${username}!`).waitFor();
    await page.getByRole('heading', { name: 'Discover' }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    // This member's profile is still incomplete: the menu offers what they may use.
    for (const name of ['Home', 'Complete Your Profile', 'Buy Credits', 'Privacy Policy', 'Terms and Conditions']) {
      t.ok(await menu.getByRole('link', { name, exact: true }).isVisible(), `menu has ${name}`);
    }
    for (const name of ['Likes', 'Matches', 'Profile']) {
      t.equal(await menu.getByRole('link', { name, exact: true }).count(), 0, `no ${name}, which would only send them back`);
    }
    t.ok(await menu.getByRole('button', { name: 'Sign Out' }).isVisible());
    const width = await menu.evaluate((el) => el.getBoundingClientRect().width);
    t.ok(width <= 390 * 0.85 + 1, `menu width ${width} is at most 85vw`);
    // The shell-menu screenshot is taken over real discovery data in e2e/discovery.test.ts.

    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/signin');
  });

  await t.test('the account screens, the legal pages and the menu hold at 320, 360 and 390 px', async (t) => {
    const widths = [320, 360, 390];
    const checkLayout = async (where: string) => {
      t.equal(await horizontalOverflow(page), 0, `${where}: nothing scrolls sideways`);
      t.same(await offScreen(page, 'button, a, input, h1, h2'), [], `${where}: no control or heading cut off`);
      t.same(await brokenWords(page, 'h1, h2, h3, label, button, a, p'), [], `${where}: no word broken across lines`);
    };
    for (const width of widths) {
      await page.setViewportSize({ width, height: PHONE_VIEWPORT.height });
      for (const path of ['/signin', '/signup', '/forgot-password', '/privacy', '/terms']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await checkLayout(`${path} at ${width} px`);
      }
    }
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto('/signin');
    await page.getByLabel('Phone, Email or Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await waitForPath(page, '/home');
    for (const width of widths) {
      await page.setViewportSize({ width, height: PHONE_VIEWPORT.height });
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog');
      await menu.getByRole('button', { name: 'Sign Out' }).waitFor();
      // The menu slides in: judged once it has arrived.
      await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      await checkLayout(`the menu at ${width} px`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/signin');
  });

  await t.test('forgot and reset password through the emailed link', async (t) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await page.getByText('Password reset link sent! Check your email.').waitFor();
    const mail = mailbox.find((m) => m.to === `${username}@example.com`);
    const token = mail && /reset-password\?token=([^\s&]+)/.exec(mail.text)?.[1];
    t.ok(token, 'the mail carries a reset link');

    await page.goto(`/reset-password?token=${token}`);
    await page.getByText('Must be at least 8 characters with uppercase, lowercase, and numbers').waitFor();
    await page.getByLabel('New Password').fill('lowercase1');
    await page.getByLabel('Confirm Password').fill('lowercase1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must contain at least one uppercase letter').waitFor();
    await page.getByLabel('New Password').fill('NewSecret2026');
    await page.getByLabel('Confirm Password').fill('NewSecret2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successfully!' }).waitFor();
    await waitForPath(page, '/signin');
    await page.getByLabel('Phone, Email or Username').fill(username);
    await page.getByLabel('Password').fill('NewSecret2026');
    await page.getByRole('button', { name: 'Log In' }).click();
    await waitForPath(page, '/home');
    t.pass('signed in with the new password');

    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New Password').fill('Another2026');
    await page.getByLabel('Confirm Password').fill('Another2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
    t.ok(await page.getByText('This password reset link is invalid or has expired. Please request a new one.').first().isVisible());
    t.same(await seriousOnPage(page), [], 'axe: the refused link');
    await page.getByRole('link', { name: 'Request New Link' }).click();
    await waitForPath(page, '/forgot-password');
    t.pass('a used link offers Request New Link, which leads to a new one');
  });

  await t.test('no uncaught errors in the page', async (t) => {
    t.same(pageErrors, []);
  });
});
