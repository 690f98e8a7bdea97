// Throttling answers at the HTTP edge: 429 with Retry-After, and the bot check a sign-in may need.
import type { Context } from 'hono';
import type { Counter } from '../auth/rate-limit';
import { secondsUntil } from '../auth/rate-limit';
import type { Refusal } from '../auth/sign-in-throttle';
import { verifyRecaptcha } from '../contact/bot-check';
import { isOn, readSettings } from '../settings';
import { clientAddress } from './client-address';
import type { ApiEnv } from './context';
import { FIELD_CODES } from '../../src/lib/contract/error-codes';
import { apiError } from './errors';

/** Where a sign-in (or password change) carries the bot-check answer. */
export const BOT_CHECK_HEADER = 'X-Bot-Check';

export function tooManyAttempts(c: Context<ApiEnv>, retryAfterSeconds: number, detail?: string): never {
  c.header('Retry-After', String(retryAfterSeconds));
  throw apiError('TooManyAttempts', [], detail);
}

/** 429 until the counter's window ends, when there is one. */
export function refuseWhile(c: Context<ApiEnv>, counter: Counter | null, detail?: string): void {
  if (counter) tooManyAttempts(c, secondsUntil(counter.resetAt, c.get('deps').now()), detail);
}

export function refuseSignIn(c: Context<ApiEnv>, refusal: Refusal | null): void {
  if (!refusal) return;
  if (refusal.kind === 'bot-check') {
    throw apiError('BotCheckRequired', [
      refusal.given
        ? { field: 'recaptcha_token', code: FIELD_CODES.botCheckFailed, message: 'The bot check failed, try again.' }
        : { field: 'recaptcha_token', code: FIELD_CODES.botCheckRequired, message: 'Complete the bot check to continue.' },
    ]);
  }
  tooManyAttempts(c, refusal.retryAfterSeconds);
}

/** Whether the shop's bot check is on, and how to verify what this request sent for it. */
export async function signInBotCheck(c: Context<ApiEnv>): Promise<{ botCheckOn: boolean; verifyBotCheck?: () => Promise<boolean> }> {
  const { db, fetch } = c.get('deps');
  const settings = await readSettings(db, ['RECAPTCHA_ENABLED', 'GOOGLE_RECAPTCHA_SECRET_KEY']);
  const secret = settings.GOOGLE_RECAPTCHA_SECRET_KEY ?? '';
  // Without a secret nothing could pass the check: asking for it would lock everyone out.
  const botCheckOn = isOn(settings.RECAPTCHA_ENABLED) && secret !== '';
  const answer = c.req.header(BOT_CHECK_HEADER)?.trim();
  if (!botCheckOn || !answer) return { botCheckOn };
  const ip = clientAddress(c);
  return { botCheckOn, verifyBotCheck: () => verifyRecaptcha(fetch, secret, answer.slice(0, 4000), ip === 'local' ? undefined : ip) };
}
