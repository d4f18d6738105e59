/**
 * Browser journeys of the web client's account flow: sign up, sign out, sign in, the guard, and phone-size
 * screenshots of the account screens and the shell menu (saved to docs/screenshots/).
 */
import t from 'tap';
import { listenTestApp } from '../server/test/app.ts';
import { launchBrowser, newPhonePage, PHONE_VIEWPORT, screenshot, waitForPath } from './browser.ts';
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
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await waitForPath(page, '/home');
    await page.getByText(`Welcome back, ${username}!`).waitFor();
    await page.getByRole('heading', { name: 'Discover' }).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    for (const name of ['Home', 'Likes', 'Matches', 'Profile', 'Buy Credits', 'Privacy Policy', 'Terms and Conditions']) {
      t.ok(await menu.getByRole('link', { name, exact: true }).isVisible(), `menu has ${name}`);
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
    await page.getByText(/invalid or has expired|Failed to reset password/).first().waitFor();
    t.pass('a used link is refused with a message');
  });

  await t.test('no uncaught errors in the page', async (t) => {
    t.same(pageErrors, []);
  });
});
