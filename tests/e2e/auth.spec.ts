// Sign-in (spec sections 2, 4, 8): the forced password change, the reset by emailed code, wrong
// credentials, the redirects around protected and sign-in pages, and accessibility of the three
// /auth pages. Users: renew@example.com and elena@ilglicine.example only (they change their
// passwords here), plus addresses that do not exist.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expectNoAxeViolations, useLocale, watchErrors } from './e2e-helpers';
import { expect, test, type Page } from '@playwright/test';

const RENEW = { username: 'renew@example.com', password: 'Renew-2026!', next: 'Vendemmia#2031' };
const ELENA = { username: 'elena@ilglicine.example', next: 'Pergola#Rossa2031' };

const flow = (page: Page) => page.locator('form[data-auth-state]');
const atStep = (page: Page, state: string) => expect(page.locator(`form[data-auth-state="${state}"]`)).toBeVisible();
const token = (page: Page) => page.evaluate(() => localStorage.getItem('AUTH_TOKEN'));

/** The code of the newest password-reset mail to `to` written after `since`. */
async function resetCode(to: string, since: number): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: string | undefined;
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.includes('password-reset')).sort().reverse();
      for (const name of names) {
        const file = path.join(outbox, name);
        if ((await stat(file)).mtimeMs < since) break;
        const mail = JSON.parse(await readFile(file, 'utf8')) as { to: string; text: string };
        if (mail.to !== to) continue;
        // The link in the mail holds the site's address: take the code from the rest.
        found = mail.text.replace(/https?:\/\/\S+/g, '').match(/\b(\d{6})\b/)?.[1];
        if (found) return found;
      }
      return undefined;
    }, { timeout: 30_000 })
    .toBeTruthy();
  return found!;
}

async function signIn(page: Page, username: string, password: string, labels: { user: string; continue: string; password: string; submit: string }) {
  await atStep(page, 'login-enter-user');
  await page.getByLabel(labels.user).fill(username);
  await flow(page).getByRole('button', { name: labels.continue, exact: true }).click();
  await atStep(page, 'login-enter-ps');
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await flow(page).getByRole('button', { name: labels.submit, exact: true }).click();
}
const EN = { user: 'Email address', continue: 'Continue', password: 'Password', submit: 'Sign in' };

test.describe('journeys that change passwords', () => {
  test.describe.configure({ mode: 'serial' });

  test('Italian: renew signs in and is made to choose a new password', async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, 'it');
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
    await signIn(page, RENEW.username, RENEW.password, { user: 'Indirizzo email', continue: 'Continua', password: 'Password', submit: 'Accedi' });

    await atStep(page, 'force-ps-change');
    await expect(page.getByRole('heading', { name: 'Scegli una nuova password' })).toBeVisible();
    await expect(page.getByLabel('Nuova password', { exact: true })).toBeFocused();
    const submit = flow(page).getByRole('button', { name: 'Cambia password e accedi' });

    // Too weak: the policy speaks before any call.
    await page.getByLabel('Nuova password', { exact: true }).fill('Password-2026!');
    await page.getByLabel('Ripeti la nuova password').fill('Password-2026!');
    await expect(page.locator('[data-rule="weakPassword"]')).toBeVisible();
    await submit.click();
    await expect(flow(page).getByText('Questa password è troppo debole')).toBeVisible();
    await expect(page.getByLabel('Nuova password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.getByLabel('Nuova password', { exact: true }).fill('abc');
    await expect(page.locator('[data-rule="minLength"][data-met]')).toHaveCount(0);
    await page.getByLabel('Nuova password', { exact: true }).fill(RENEW.next);
    await expect(page.locator('[data-password-rules] [data-met]')).toHaveCount(5);
    await page.getByLabel('Ripeti la nuova password').fill(`${RENEW.next}x`);
    await submit.click();
    await expect(flow(page).getByText('Le password devono coincidere')).toBeVisible();

    await page.getByLabel('Ripeti la nuova password').fill(RENEW.next);
    await submit.click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await token(page)).toBeTruthy();
    expect(errors).toEqual([]);
  });

  test('English: elena resets a forgotten password with the emailed code', async ({ page, context }) => {
    await useLocale(context, 'en');
    await page.goto('/auth/login');
    await atStep(page, 'login-enter-user');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await atStep(page, 'start-ps-reset');
    await expect(page.getByLabel('Email address')).toBeFocused();
    await page.getByLabel('Email address').fill(ELENA.username);
    const since = Date.now() - 1000;
    await flow(page).getByRole('button', { name: 'Send the code' }).click();

    await atStep(page, 'otp-ps-reset');
    await expect(page.locator('[data-auth-notice]')).toContainText(`We have emailed a 6-digit code to ${ELENA.username}`);
    // The API refuses a new code within 30 s: the page says how long to wait.
    await expect(page.locator('[data-auth-resend-wait]')).toContainText(/You can ask for a new code in \d+ seconds?/);
    await expect(page.locator('[data-auth-resend]')).toHaveAttribute('aria-disabled', 'true');

    const code = await resetCode(ELENA.username, since);
    await page.getByLabel('Code from the email').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('New password', { exact: true }).fill(ELENA.next);
    await page.getByLabel('Repeat the new password').fill(ELENA.next);
    const submit = flow(page).getByRole('button', { name: 'Reset password and sign in' });
    await submit.click();
    await expect(page.locator('[data-auth-error]')).toHaveText('Invalid code');
    await expect(page.getByLabel('Code from the email')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.getByLabel('Code from the email').fill(code);
    await submit.click();
    await expect(page).toHaveURL(/\/home-en$/);
    expect(await token(page)).toBeTruthy();
  });

  test('a protected page sends to sign-in and back', async ({ page, context }) => {
    await useLocale(context, 'en');
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Faccount$/);
    await signIn(page, ELENA.username, ELENA.next, EN);
    await expect(page).toHaveURL(/\/account$/);
    expect(await token(page)).toBeTruthy();

    // Signed in, the sign-in page has nothing to offer.
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/home-en$/);
  });

  test('the mail link opens the code form with the address filled in', async ({ page }) => {
    await page.goto(`/auth/reset-password?username=${encodeURIComponent(ELENA.username)}&lan=es`);
    await atStep(page, 'otp-ps-reset');
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(ELENA.username);
    await expect(page.getByRole('heading', { level: 1, name: 'Restablecer la contraseña' })).toBeVisible();
  });
});

test.describe('failures', () => {
  test('a wrong password shows "Invalid login credentials"', async ({ page, context }) => {
    await useLocale(context, 'en');
    // A remembered username opens the flow at the password step.
    await page.addInitScript(() => localStorage.setItem('AUTH_USERNAME', 'nobody-here@example.com'));
    await page.goto('/auth/login');
    await atStep(page, 'login-enter-ps');
    await expect(page.locator('[data-auth-username]')).toHaveText('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1!');
    await flow(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.locator('[data-auth-error]')).toHaveText('Invalid login credentials');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    expect(await token(page)).toBeNull();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('an unknown address is told at the first step', async ({ page, context }) => {
    await useLocale(context, 'it');
    await page.goto('/auth/login');
    await atStep(page, 'login-enter-user');
    await flow(page).getByRole('button', { name: 'Continua' }).click();
    await expect(flow(page).getByText('Questo campo è obbligatorio')).toBeVisible();
    await page.getByLabel('Indirizzo email').fill('nessuno@example.com');
    await flow(page).getByRole('button', { name: 'Continua' }).click();
    await expect(page.locator('[data-auth-error]')).toHaveText('Utente non trovato');
  });
});

// axe on /auth/login and /auth/password-forgotten as they first draw: axe-routes.spec.ts, in each
// language; here the code form reached from the mail link.
test.describe('accessibility', () => {
  for (const [url, state, scan] of [
    ['/auth/login', 'login-enter-user', false],
    ['/auth/password-forgotten', 'start-ps-reset', false],
    ['/auth/reset-password?username=elena%40ilglicine.example', 'otp-ps-reset', true],
  ] as const) {
    test(`${url} is not indexed${scan ? ' and has no axe violations' : ''}`, async ({ page }) => {
      await page.goto(url);
      await atStep(page, state);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      if (scan) await expectNoAxeViolations(page);
    });
  }
});
