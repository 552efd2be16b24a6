import { expect, test, type Page } from '@playwright/test';
import { markOutbox, readMailLink } from './helpers';

const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

async function expectSignedIn(page: Page, email: string) {
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await expectSignedIn(page, email);
}

test.describe('accounts', () => {
  test('sign up by magic link, set a password, sign in with it, change it, reset it by email', async ({
    page,
  }) => {
    const email = unique('actor');

    // Sign up: the magic link comes from the outbox; the page (not the link) spends it.
    await page.goto('/sign-up');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create Your Account' }),
    ).toBeVisible();
    let mark = markOutbox();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByText(`Magic link sent to ${email}! Check your inbox.`)).toBeVisible();
    const link = await readMailLink(email, '/finish-sign-up', mark);
    await page.goto(link);
    await expectSignedIn(page, email);
    await expect(page).not.toHaveURL(/finish-sign-up/);

    // The account shows the email, and no password yet.
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expect(page.getByText('Not Set')).toBeVisible();

    // Set a password; 2 seconds later the Studio.
    await page.getByRole('link', { name: 'Set Password' }).click();
    await expect(page).toHaveURL(/\/set-password$/);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('first password 1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('first password 1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Set Successfully' })).toBeVisible();
    await page.waitForURL((url) => !url.pathname.startsWith('/set-password'));

    await signOut(page);

    // A wrong password and an unknown email get the same answer.
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Incorrect email or password')).toBeVisible();

    await signInWithPassword(page, email, 'first password 1');

    // Change it.
    await page.goto('/change-password');
    await page.getByLabel('Current password', { exact: true }).fill('first password 1');
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('second password 2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Updated' })).toBeVisible();
    await expect(page.getByText('Your password has been successfully changed')).toBeVisible();
    await page.waitForURL((url) => !url.pathname.startsWith('/change-password'));
    await expectSignedIn(page, email);

    await signOut(page);

    // Forgot it: reset by email, then sign in with the new one.
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes first; the sign-in form stays until the page's chunk has arrived.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    mark = markOutbox();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password reset email sent! Check your inbox.')).toBeVisible();
    const resetLink = await readMailLink(email, '/reset-password', mark);
    await page.goto(resetLink);
    await page.getByLabel('New password', { exact: true }).fill('third password 3');
    await page.getByLabel('Confirm new password', { exact: true }).fill('third password 3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Sign In' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('second password 2');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
    await signInWithPassword(page, email, 'third password 3');
  });

  test('/signin?redirect=/studio&voice=... returns to that place after a magic-link sign-in', async ({
    page,
  }) => {
    const email = unique('tryout');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });

    // A signed-out visitor to /account goes to sign-in, remembering where they were going.
    await page.goto('/account');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Faccount$/);

    await page.goto('/signin?redirect=/studio&voice=voice-e2e-1');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveTitle('Sign In - Doublecast');
    await page.getByRole('button', { name: 'Magic Link' }).click();
    const mark = markOutbox();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByText(`Magic link sent to ${email}! Check your inbox.`)).toBeVisible();

    const link = await readMailLink(email, '/finish-sign-up', mark);
    await page.goto(link);
    await expect
      .poll(() =>
        visited.some(
          (u) =>
            new URL(u).pathname === '/studio' &&
            new URL(u).searchParams.get('voice') === 'voice-e2e-1',
        ),
      )
      .toBe(true);
    await expectSignedIn(page, email);

    // Signed in, the sign-in page sends the visitor on; an outside redirect is not honoured.
    visited.length = 0;
    await page.goto('/sign-in?redirect=https://evil.example/');
    await expect.poll(() => visited.some((u) => new URL(u).pathname === '/studio')).toBe(true);
    expect(visited.every((u) => new URL(u).origin === new URL(page.url()).origin)).toBe(true);
  });
});
