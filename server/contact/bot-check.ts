// Google reCAPTCHA verification of a contact form token, when the shop has it switched on.
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const VERIFY_TIMEOUT_MS = 8000;

/** True only when Google confirms the token; a network failure or odd answer is a refusal. */
export async function verifyRecaptcha(fetcher: typeof fetch, secret: string, token: string, remoteIp?: string): Promise<boolean> {
  if (!secret || !token) return false;
  const form = new URLSearchParams({ secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  try {
    const response = await fetcher(RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: unknown };
    return body.success === true;
  } catch {
    return false;
  }
}
