// Google reCAPTCHA v3 for the contact form, loaded only on the page that uses it and only when
// the shop has the check switched on. The script is polled for every 25 ms (spec section 9).
export const RECAPTCHA_POLL_MS = 25;
export const RECAPTCHA_TIMEOUT_MS = 15_000;
const SCRIPT_ID = 'shop-recaptcha';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
type WithGrecaptcha = { grecaptcha?: Partial<Grecaptcha> };

const loaded = (win: WithGrecaptcha): Grecaptcha | null =>
  typeof win.grecaptcha?.ready === 'function' && typeof win.grecaptcha.execute === 'function' ? (win.grecaptcha as Grecaptcha) : null;

/** Adds the script once per page. */
export function loadRecaptcha(siteKey: string, doc: Document = document): void {
  if (doc.getElementById(SCRIPT_ID)) return;
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  script.async = true;
  doc.head.append(script);
}

/** Resolves once `grecaptcha` is there, checking every 25 ms; rejects after the timeout. */
export function waitForRecaptcha(win: WithGrecaptcha = window as unknown as WithGrecaptcha, timeoutMs = RECAPTCHA_TIMEOUT_MS): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const api = loaded(win);
      if (api) return resolve(api);
      if (Date.now() - started >= timeoutMs) return reject(new Error('reCAPTCHA did not load'));
      setTimeout(check, RECAPTCHA_POLL_MS);
    };
    check();
  });
}

/** A fresh token for one action (tokens expire after two minutes: ask right before sending). */
export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  loadRecaptcha(siteKey);
  const api = await waitForRecaptcha();
  await new Promise<void>((resolve) => api.ready(resolve));
  return api.execute(siteKey, { action });
}
