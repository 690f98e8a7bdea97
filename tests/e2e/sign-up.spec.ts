// Becoming a customer (issue 14, item 10; ADR 0025): a consumer signs up from the sign-in page,
// confirms the mail address with the mailed link and signs in (Italian, Spanish); a business
// applies for a trade account (English, Italian).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithForm, useLocale, watchErrors } from './e2e-helpers';

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

const CONSUMER_WORDS = {
  it: { register: 'Registrati come privato', title: 'Crea il tuo account', submit: "Crea l'account", first: 'Nome', last: 'Cognome', email: 'Email', password: 'Password', repeat: 'Ripeti la nuova password', required: 'Campo obbligatorio', privacy: "Per continuare accetta l'informativa sulla privacy", sent: 'Controlla la tua casella di posta', confirmed: 'Indirizzo confermato', used: 'Questo link è già stato usato' },
  es: { register: 'Regístrate como particular', title: 'Crea tu cuenta', submit: 'Crear cuenta', first: 'Nombre', last: 'Apellidos', email: 'Correo electrónico', password: 'Contraseña', repeat: 'Repite la nueva contraseña', required: 'Este campo es obligatorio', privacy: 'Para continuar, acepta la política de privacidad', sent: 'Revisa tu correo', confirmed: 'Correo confirmado', used: 'Este enlace ya se ha usado' },
};

for (const locale of ['it', 'es'] as const) {
  const w = CONSUMER_WORDS[locale];
  test(`a consumer signs up from the sign-in page, confirms the address and signs in (${locale})`, async ({ page, context }) => {
    const errors = watchErrors(page);
    const email = `sara.${locale}.${Date.now()}@example.net`;
    const password = 'Cantina-Nord-2031!';
    await useLocale(context, locale);
    await page.goto('/auth/login');
    await page.getByRole('link', { name: w.register }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
    // (axe-routes.spec.ts scans this page in every language.)

    // Sent empty: each field says what is missing, and the focus is on the first.
    const form = page.locator('form[data-signup-form="register"]');
    await form.getByRole('button', { name: w.submit }).click();
    await expect(page.getByRole('textbox', { name: w.first, exact: true })).toBeFocused();
    await expect(form.getByText(w.required).first()).toBeVisible();
    await expect(form.getByText(w.privacy)).toBeVisible();

    await page.getByRole('textbox', { name: w.first, exact: true }).fill('Sara');
    await page.getByRole('textbox', { name: w.last, exact: true }).fill('Lombardi');
    await page.getByRole('textbox', { name: w.email, exact: true }).fill(email);
    await page.getByRole('textbox', { name: w.password, exact: true }).fill(password);
    await page.getByRole('textbox', { name: w.repeat, exact: true }).fill(password);
    await page.getByRole('checkbox').check();
    const since = Date.now() - 1000;
    await form.getByRole('button', { name: w.submit }).click();
    const sent = page.locator('[data-signup-state="sent"]');
    await expect(sent.getByRole('heading', { name: w.sent })).toBeVisible();
    await expect(sent).toContainText(email);
    await expect(sent).toBeFocused();

    // The mailed link, in the visitor's language, confirms the address once; then the account signs in.
    const link = await mailedLink('sign-up-confirmation', email, since);
    expect(link).toMatch(new RegExp(`^/auth/confirm-email\\?token=.+&lan=${locale}$`));
    await page.goto(link);
    await expect(page.locator('[data-signup-state="confirmed"]').getByRole('heading', { name: w.confirmed })).toBeVisible();
    await page.goto(link);
    await expect(page.locator('[data-link-error]')).toContainText(w.used);
    await signInWithForm(page, { email, password }, '/account');
    await expect(page).toHaveURL(/\/account$/);
    expect(errors).toEqual([]);
  });
}

const TRADE_WORDS = {
  en: { trade: 'Apply for a trade account', title: 'Trade accounts', company: 'Company name', vat: 'VAT number', contact: 'Contact name', phone: 'Phone', email: 'Email', submit: 'Send application', checkDigit: "This Italian VAT number isn't valid: please check the digits", sdi: 'SDI recipient code', sdiOrPec: 'Give your SDI code or your PEC address', sent: 'Application received' },
  it: { trade: 'Chiedi un account per la tua azienda', title: 'Account per aziende', company: 'Ragione sociale', vat: 'Partita IVA', contact: 'Referente', phone: 'Telefono', email: 'Email', submit: 'Invia la richiesta', checkDigit: 'Questa partita IVA italiana non è valida: controlla le cifre', sdi: 'Codice destinatario SDI', sdiOrPec: 'Indica il codice SDI oppure la PEC', sent: 'Richiesta ricevuta' },
};

for (const locale of ['en', 'it'] as const) {
  const w = TRADE_WORDS[locale];
  test(`a business applies for a trade account, with the VAT number checked (${locale})`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await useLocale(context, locale);
    await page.goto('/auth/login');
    await page.getByRole('link', { name: w.trade }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
    // (axe-routes.spec.ts scans this page in every language.)

    const form = page.locator('form[data-signup-form="trade"]');
    await page.getByRole('textbox', { name: w.company, exact: true }).fill('Enoteca Il Grappolo S.r.l.');
    await page.getByRole('textbox', { name: w.vat, exact: true }).fill('IT01234567890');
    await page.getByRole('textbox', { name: w.contact, exact: true }).fill('Anna Rinaldi');
    await page.getByRole('textbox', { name: w.phone, exact: true }).fill('+39 011 5550123');
    await page.getByRole('textbox', { name: w.email, exact: true }).fill(`anna.${locale}.${Date.now()}@ilgrappolo.example`);
    await page.getByRole('checkbox').check();
    await form.getByRole('button', { name: w.submit }).click();
    await expect(page.getByRole('textbox', { name: w.vat, exact: true })).toBeFocused();
    await expect(form.getByText(w.checkDigit)).toBeVisible();

    await page.getByRole('textbox', { name: w.vat, exact: true }).fill('IT01234567897');
    await form.getByRole('button', { name: w.submit }).click();
    await expect(page.getByRole('textbox', { name: w.sdi, exact: true })).toBeFocused();
    await expect(form.getByText(w.sdiOrPec, { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: w.sdi, exact: true }).fill('M5UXCR1');
    await form.getByRole('button', { name: w.submit }).click();
    const sent = page.locator('[data-signup-state="sent"]');
    await expect(sent.getByRole('heading', { name: w.sent })).toBeVisible();
    await expect(sent).toContainText('Enoteca Il Grappolo S.r.l.');
    expect(errors).toEqual([]);
  });
}
