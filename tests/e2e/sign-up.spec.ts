// Becoming a customer (issue 14, item 10; ADR 0025): an Italian consumer signs up from the
// sign-in page, confirms the mail address with the mailed link and signs in; an English-speaking
// business applies for a trade account.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInWithForm, useLocale, watchErrors } from './e2e-helpers';

/** The path and query of the link in the newest mail of this kind to `to`, written after `since`. */
async function mailedLink(kind: string, to: string, since: number): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: string | undefined;
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.includes(kind)).sort().reverse();
      for (const name of names) {
        const file = path.join(outbox, name);
        if ((await stat(file)).mtimeMs < since) break;
        const mail = JSON.parse(await readFile(file, 'utf8')) as { to: string; text: string };
        if (mail.to !== to) continue;
        const url = /https?:\/\/\S+\/auth\/\S+/.exec(mail.text)?.[0];
        if (url) return (found = new URL(url).pathname + new URL(url).search);
      }
      return undefined;
    }, { timeout: 30_000 })
    .toBeTruthy();
  return found!;
}

test('Italian: a consumer signs up from the sign-in page, confirms the address and signs in', async ({ page, context }) => {
  const errors = watchErrors(page);
  const email = `sara.${Date.now()}@example.net`;
  const password = 'Cantina-Nord-2031!';
  await useLocale(context, 'it');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Registrati come privato' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crea il tuo account' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Sent empty: each field says what is missing, and the focus is on the first.
  const form = page.locator('form[data-signup-form="register"]');
  await form.getByRole('button', { name: "Crea l'account" }).click();
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toBeFocused();
  await expect(form.getByText('Campo obbligatorio').first()).toBeVisible();
  await expect(form.getByText("Per continuare accetta l'informativa sulla privacy")).toBeVisible();

  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Sara');
  await page.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Lombardi');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Ripeti la nuova password', exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  const since = Date.now() - 1000;
  await form.getByRole('button', { name: "Crea l'account" }).click();
  const sent = page.locator('[data-signup-state="sent"]');
  await expect(sent.getByRole('heading', { name: 'Controlla la tua casella di posta' })).toBeVisible();
  await expect(sent).toContainText(email);
  await expect(sent).toBeFocused();

  // The mailed link confirms the address once; then the account signs in.
  const link = await mailedLink('sign-up-confirmation', email, since);
  expect(link).toMatch(/^\/auth\/confirm-email\?token=.+&lan=it$/);
  await page.goto(link);
  await expect(page.locator('[data-signup-state="confirmed"]').getByRole('heading', { name: 'Indirizzo confermato' })).toBeVisible();
  await page.goto(link);
  await expect(page.locator('[data-link-error]')).toContainText('Questo link è già stato usato');
  await signInWithForm(page, { email, password }, '/account');
  await expect(page).toHaveURL(/\/account$/);
  expect(errors).toEqual([]);
});

test('English: a business applies for a trade account, with the VAT number checked', async ({ page, context }) => {
  const errors = watchErrors(page);
  await useLocale(context, 'en');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Apply for a trade account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trade accounts' })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.locator('form[data-signup-form="trade"]');
  await page.getByRole('textbox', { name: 'Company name', exact: true }).fill('Enoteca Il Grappolo S.r.l.');
  await page.getByRole('textbox', { name: 'VAT number', exact: true }).fill('IT01234567890');
  await page.getByRole('textbox', { name: 'Contact name', exact: true }).fill('Anna Rinaldi');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+39 011 5550123');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`anna.${Date.now()}@ilgrappolo.example`);
  await page.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('textbox', { name: 'VAT number', exact: true })).toBeFocused();
  await expect(form.getByText("This Italian VAT number isn't valid: please check the digits")).toBeVisible();

  await page.getByRole('textbox', { name: 'VAT number', exact: true }).fill('IT01234567897');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('textbox', { name: 'SDI recipient code', exact: true })).toBeFocused();
  await expect(form.getByText('Give your SDI code or your PEC address', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'SDI recipient code', exact: true }).fill('M5UXCR1');
  await form.getByRole('button', { name: 'Send application' }).click();
  const sent = page.locator('[data-signup-state="sent"]');
  await expect(sent.getByRole('heading', { name: 'Application received' })).toBeVisible();
  await expect(sent).toContainText('Enoteca Il Grappolo S.r.l.');
  expect(errors).toEqual([]);
});
