// Profile (read-only: name, email, customer) and the password change: current password, new
// one with the policy checklist, repetition ("Passwords must match"), checked before sending.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ShopUser } from '../../lib/contract/users';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../lib/rules/password';
import { changePassword, loadProfile, type PasswordChangeErrors } from '../../lib/stores/account-profile';
import { $customer, $session } from '../../lib/stores/session';
import NewPasswordFields from '../auth/NewPasswordFields';
import PasswordInput from '../auth/PasswordInput';
import { ErrorBox, Loading, useAccountReady, useT, type AccountIslandProps } from './account-ui';

/** NewPasswordFields and PasswordInput take message keys; API words come as "text:..." and are shown as they are. */
const firstError = (errors: string[] | undefined) => errors?.[0] ?? null;

export default function AccountDetails({ locale, messages }: AccountIslandProps) {
  const baseT = useT(messages, locale);
  // Keys prefixed "text:" carry the API's own message.
  const tr = (key: string, vars?: Record<string, string | number>) => (key.startsWith('text:') ? key.slice(5) : baseT(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, ...vars }));
  const ready = useAccountReady();
  const session = useStore($session);
  const customer = useStore($customer);
  const [profile, setProfile] = useState<ShopUser | null>(null);
  const [profileError, setProfileError] = useState<string | null>(null);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const doneRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const load = () => {
    setProfileError(null);
    void loadProfile().then((r) => (r.ok ? setProfile(r.user) : setProfileError(r.error)));
  };
  useEffect(() => {
    if (ready) load();
  }, [ready]);

  useEffect(() => {
    if (attempt === 0) return;
    if (done) return doneRef.current?.focus();
    const first = (['current', 'password', 'repeat'] as const).find((f) => errors[f]);
    if (first) return document.getElementById(`password-change-${first}`)?.focus();
    failureRef.current?.focus();
  }, [attempt]);

  if (!ready) return <Loading t={baseT} />;
  const user = session.user;
  const personal = [user?.email, user?.first_name, user?.last_name];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    setDone(false);
    const outcome = await changePassword({ current, password, repeat });
    setSending(false);
    if (outcome.ok) {
      setCurrent('');
      setPassword('');
      setRepeat('');
      setErrors({});
      setDone(true);
    } else {
      setErrors(outcome.errors);
      setFailure(outcome.failure);
    }
    setAttempt((n) => n + 1);
  };
  const edited = (field: keyof PasswordChangeErrors, set: (v: string) => void) => (value: string) => {
    set(value);
    setDone(false);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const code = profile?.customer_profile?.code;
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <section aria-labelledby="profile-title" className="self-start border-t-4 border-primary bg-surface p-6" data-profile="">
        <h2 id="profile-title" className="m-0 text-xl font-bold text-secondary">{baseT('account.details.profile')}</h2>
        {profileError && <div className="mt-3"><ErrorBox t={baseT} message={profileError} onRetry={load} /></div>}
        <dl className="m-0 mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{baseT('account.details.name')}</dt>
          <dd className="m-0" data-profile-name="">{name || '—'}</dd>
          <dt className="font-semibold">{baseT('account.details.email')}</dt>
          <dd className="m-0 break-all" data-profile-email="">{profile?.email ?? user?.email ?? '—'}</dd>
          <dt className="font-semibold">{baseT('account.details.customer')}</dt>
          <dd className="m-0" data-profile-customer="">{customer ? `${customer.name}${code ? ` (${code})` : ''}` : '—'}</dd>
          {user?.is_agent && (
            <>
              <dt className="font-semibold">{baseT('account.details.role')}</dt>
              <dd className="m-0">{baseT('account.details.agent')}</dd>
            </>
          )}
        </dl>
        <p className="mb-0 mt-4 text-sm text-muted">{baseT('account.details.readOnly')}</p>
      </section>

      <section aria-labelledby="password-title" data-password-change="">
        <h2 id="password-title" className="m-0 text-xl font-bold text-secondary">{baseT('account.details.passwordTitle')}</h2>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-col gap-4">
          <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
          {done && (
            <div ref={doneRef} tabIndex={-1} role="status" className="border-l-4 border-success bg-success-soft p-4 focus-ring" data-password-changed="">
              <p className="m-0 font-semibold">{baseT('account.details.passwordChanged')}</p>
            </div>
          )}
          {failure && (
            <div ref={failureRef} tabIndex={-1} role="alert" className="border-l-4 border-error bg-error-soft p-4 focus-ring">
              <p className="m-0 font-semibold text-error">{baseT(failure)}</p>
            </div>
          )}
          <PasswordInput
            t={tr}
            id="password-change-current"
            name="current-password"
            label={baseT('account.details.currentPassword')}
            value={current}
            onChange={edited('current', setCurrent)}
            autoComplete="current-password"
            error={firstError(errors.current)}
            disabled={sending}
          />
          <NewPasswordFields
            t={tr}
            idPrefix="password-change"
            password={password}
            repeat={repeat}
            onPassword={edited('password', setPassword)}
            onRepeat={edited('repeat', setRepeat)}
            errors={{ password: firstError(errors.password), repeat: firstError(errors.repeat) }}
            personal={personal}
            disabled={sending}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={sending}>
              {sending ? baseT('account.saving') : baseT('account.details.changePassword')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
