// The sign-in flow on the /auth pages: one form whose heading and fields follow the dialog
// state of the auth-dialog store. Errors are read out by a live region, the focus moves to the
// step's first field when the step changes and to the first wrong field after a failed attempt.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { recaptchaToken } from '../../lib/bot-check';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import type { Locale } from '../../lib/i18n/locales';
import {
  $authDialog, clearAuthFieldError, requestResetCode, resendResetCode, resendWaitSeconds, setAuthState, startAuthFlow,
  setSignInBotCheck, submitForcedChange, submitOtpChange, submitPassword, submitUsername, type AuthDialogState, type AuthEntry, type AuthField,
} from '../../lib/stores/auth-dialog';
import BotCheckNotice from '../BotCheckNotice';
import NewPasswordFields from './NewPasswordFields';
import PasswordInput, { fieldClass } from './PasswordInput';

interface Props {
  locale: Locale;
  /** Areas auth, errors, validation. */
  messages: MessageTree;
  entry: AuthEntry;
  /** Set only when the shop has the bot check on; used once the API asks for it (ADR 0011). */
  recaptchaSiteKey?: string | null;
}

const ID = 'signin';
const FIELD_IDS: Record<AuthField, string> = {
  username: `${ID}-username`,
  password: `${ID}-password`,
  newPassword: `${ID}-new-password`,
  repeatPassword: `${ID}-new-repeat`,
  otp: `${ID}-otp`,
};
/** Field order per step: the first is focused when the step opens, errors focus in this order. */
const STEP_FIELDS: Record<AuthDialogState, AuthField[]> = {
  none: [],
  'login-enter-user': ['username'],
  'login-enter-ps': ['password'],
  'force-ps-change': ['newPassword', 'repeatPassword'],
  'start-ps-reset': ['username'],
  'otp-ps-reset': ['username', 'otp', 'newPassword', 'repeatPassword'],
};
const STEP_KEY: Record<Exclude<AuthDialogState, 'none'>, string> = {
  'login-enter-user': 'enterUser',
  'login-enter-ps': 'enterPassword',
  'force-ps-change': 'forceChange',
  'start-ps-reset': 'startReset',
  'otp-ps-reset': 'otpReset',
};

export default function SignInFlow({ locale, messages, entry, recaptchaSiteKey = null }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const s = useStore($authDialog);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [otp, setOtp] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previous = useRef<AuthDialogState>('none');

  // The script loads only when a sign-in needs it, not on every visit to the page.
  useEffect(() => {
    setSignInBotCheck(recaptchaSiteKey ? () => recaptchaToken(recaptchaSiteKey, 'login') : null);
    return () => setSignInBotCheck(null);
  }, [recaptchaSiteKey]);

  useEffect(() => {
    startAuthFlow(entry, { username: entry === 'otp' ? new URLSearchParams(location.search).get('username') : undefined });
  }, [entry]);

  // A new step starts with empty secrets and the known username; the focus goes to its first field.
  useEffect(() => {
    setUsername(s.username);
    setPassword('');
    setNewPassword('');
    setRepeat('');
    setOtp('');
    const from = previous.current;
    previous.current = s.state;
    if (from === 'none' || s.state === 'none') return;
    const first = STEP_FIELDS[s.state][0];
    const target = s.state === 'otp-ps-reset' && s.username ? 'otp' : first;
    (target ? document.getElementById(FIELD_IDS[target]) : headingRef.current)?.focus();
  }, [s.state]);

  // After a failed attempt: the first wrong field, else the step's main field.
  useEffect(() => {
    if (s.loading || s.attempt === 0) return;
    const wrong = STEP_FIELDS[s.state].find((f) => s.fieldErrors[f]);
    const fallback = s.error ? STEP_FIELDS[s.state].find((f) => f !== 'username' || s.state !== 'otp-ps-reset') : undefined;
    const target = wrong ?? fallback;
    const input = target ? (document.getElementById(FIELD_IDS[target]) as HTMLInputElement | null) : null;
    input?.focus();
    // A refused password is retyped, not edited.
    if (!wrong && target === 'password') input?.select();
  }, [s.attempt, s.loading]);

  // The resend countdown ticks only while there is something to count.
  const wait = resendWaitSeconds(s, now);
  useEffect(() => {
    if (!s.resendAt || s.resendAt <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (s.resendAt! <= Date.now()) clearInterval(timer);
    }, 1000);
    setNow(Date.now());
    return () => clearInterval(timer);
  }, [s.resendAt]);

  if (s.state === 'none') return <p className="m-0 text-muted" data-auth-state="none">{t('auth.loading')}</p>;

  const step = STEP_KEY[s.state];
  const busy = s.loading;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (s.state === 'login-enter-user') void submitUsername(username);
    else if (s.state === 'login-enter-ps') void submitPassword(password);
    else if (s.state === 'force-ps-change') void submitForcedChange(newPassword, repeat);
    else if (s.state === 'start-ps-reset') void requestResetCode(username);
    else if (s.state === 'otp-ps-reset') void submitOtpChange({ username, otp, password: newPassword, repeat });
  };
  const go = (state: AuthDialogState) => (event: MouseEvent) => {
    event.preventDefault();
    if (!busy) setAuthState(state, { username: username.trim() || s.username });
  };

  const errorOf = (field: AuthField) => s.fieldErrors[field] ?? null;
  const describedError = (field: AuthField) => (errorOf(field) ? `${FIELD_IDS[field]}-error` : undefined);
  const fieldError = (field: AuthField) =>
    errorOf(field) && <p id={`${FIELD_IDS[field]}-error`} className="mb-0 mt-1 text-sm font-semibold text-error">{t(errorOf(field)!)}</p>;

  const usernameField = (
    <div>
      <label htmlFor={FIELD_IDS.username} className="block font-semibold">{t('auth.fields.username')}</label>
      <input
        id={FIELD_IDS.username}
        name="username"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        onChange={(event) => {
          setUsername(event.currentTarget.value);
          clearAuthFieldError('username');
        }}
        aria-invalid={errorOf('username') ? true : undefined}
        aria-describedby={describedError('username')}
        className={`mt-1 ${fieldClass(Boolean(errorOf('username')))}`}
      />
      {fieldError('username')}
    </div>
  );
  // Password managers pair the password with this username.
  const hiddenUsername = <input type="email" name="username" autoComplete="username" value={s.username} readOnly hidden />;

  const newPasswordFields = (
    <NewPasswordFields
      t={t}
      idPrefix={`${ID}-new`}
      password={newPassword}
      repeat={repeat}
      onPassword={(value) => {
        setNewPassword(value);
        clearAuthFieldError('newPassword');
      }}
      onRepeat={(value) => {
        setRepeat(value);
        clearAuthFieldError('repeatPassword');
      }}
      errors={{ password: errorOf('newPassword'), repeat: errorOf('repeatPassword') }}
      personal={[s.username]}
    />
  );

  const submitLabel: Record<typeof step, string> = {
    enterUser: t('auth.actions.continue'),
    enterPassword: t('auth.actions.signIn'),
    forceChange: t('auth.actions.changeAndSignIn'),
    startReset: t('auth.actions.sendCode'),
    otpReset: t('auth.actions.resetAndSignIn'),
  };

  const link = (state: AuthDialogState, href: string, label: string, key: string): ReactNode => (
    <a key={key} href={href} className="link" onClick={go(state)} data-auth-link={key}>{label}</a>
  );
  const forgotLink = link('start-ps-reset', '/auth/password-forgotten', t('auth.actions.forgot'), 'forgot');
  const backLink = link('login-enter-user', '/auth/login', t('auth.actions.backToSignIn'), 'back');

  let body: ReactNode;
  let links: ReactNode[] = [];
  if (s.state === 'login-enter-user') {
    body = usernameField;
    links = [forgotLink];
  } else if (s.state === 'login-enter-ps') {
    body = (
      <>
        <p className="m-0">
          {t('auth.steps.enterPassword.as')} <strong className="break-all" data-auth-username>{s.username}</strong>{' '}
          <button type="button" className="link border-0 bg-transparent p-0 text-base cursor-pointer focus-ring" onClick={go('login-enter-user')}>
            {t('auth.actions.otherAccount')}
          </button>
        </p>
        {hiddenUsername}
        <PasswordInput
          t={t}
          id={FIELD_IDS.password}
          name="password"
          label={t('auth.fields.password')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            clearAuthFieldError('password');
          }}
          autoComplete="current-password"
          error={errorOf('password')}
        />
      </>
    );
    links = [forgotLink];
  } else if (s.state === 'force-ps-change') {
    body = (
      <>
        {hiddenUsername}
        {newPasswordFields}
      </>
    );
    links = [backLink];
  } else if (s.state === 'start-ps-reset') {
    body = usernameField;
    links = [backLink, link('otp-ps-reset', '/auth/reset-password', t('auth.actions.haveCode'), 'have-code')];
  } else {
    body = (
      <>
        {usernameField}
        <div>
          <label htmlFor={FIELD_IDS.otp} className="block font-semibold">{t('auth.fields.otp')}</label>
          <p id={`${FIELD_IDS.otp}-hint`} className="m-0 text-sm text-muted">{t('auth.fields.otpHint')}</p>
          <input
            id={FIELD_IDS.otp}
            name="otp"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={otp}
            onChange={(event) => {
              setOtp(event.currentTarget.value.replace(/\D/g, '').slice(0, 6));
              clearAuthFieldError('otp');
            }}
            aria-invalid={errorOf('otp') ? true : undefined}
            aria-describedby={[describedError('otp'), `${FIELD_IDS.otp}-hint`].filter(Boolean).join(' ')}
            className={`mt-1 max-w-48 font-mono tracking-widest ${fieldClass(Boolean(errorOf('otp')))}`}
          />
          {fieldError('otp')}
        </div>
        {newPasswordFields}
      </>
    );
    links = [backLink];
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-lg flex-col gap-5" aria-labelledby={`${ID}-heading`} aria-busy={busy} data-auth-state={s.state}>
      <div>
        <h2 id={`${ID}-heading`} ref={headingRef} tabIndex={-1} className="m-0 text-2xl font-bold text-secondary focus:outline-none">
          {t(`auth.steps.${step}.heading`)}
        </h2>
        <p className="mb-0 mt-2">{t(`auth.steps.${step}.intro`)}</p>
        {/* Live regions stay in the page (empty, they take no room) so their news is read out. */}
        <div aria-live="polite" aria-atomic="true">
          {s.notice && (
            <p className="mb-0 mt-4 border-l-4 border-secondary bg-canvas p-3" data-auth-notice>
              {t(s.notice, { username: s.username })}
            </p>
          )}
        </div>
        <div aria-live="assertive" aria-atomic="true">
          {s.error && (
            <p className="mb-0 mt-4 border-l-4 border-error bg-error-soft p-3 font-semibold text-error" data-auth-error={s.error}>
              {t(s.error, { seconds: wait })}
            </p>
          )}
        </div>
      </div>
      {body}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
          {busy ? t('auth.actions.working') : submitLabel[step]}
        </button>
        {s.state === 'otp-ps-reset' && (
          <button
            type="button"
            className="btn-outline"
            aria-disabled={busy || wait > 0 || undefined}
            aria-describedby={wait > 0 ? `${ID}-resend-wait` : undefined}
            onClick={() => {
              if (!busy && wait === 0) void resendResetCode();
            }}
            data-auth-resend
          >
            {t('auth.actions.resendCode')}
          </button>
        )}
      </div>
      {s.state === 'otp-ps-reset' && wait > 0 && (
        <p id={`${ID}-resend-wait`} className="m-0 text-sm text-muted" data-auth-resend-wait>
          {t('auth.notices.resendIn', { count: wait })}
        </p>
      )}
      {links.length > 0 && <p className="m-0 flex flex-wrap gap-x-6 gap-y-2">{links}</p>}
      {s.botCheck && recaptchaSiteKey && <BotCheckNotice text={t('auth.botCheck.notice')} />}
    </form>
  );
}
