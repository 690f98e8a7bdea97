// The pages a mailed link opens (ADR 0025): the sign-up's confirmation (confirmed on arrival, then
// on to sign-in) and the first password of an approved trade account. The token is read from the
// address in the browser (the page is static) and never stored.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import type { Locale } from '../../lib/i18n/locales';
import { confirmEmailLink, LINK_FIELDS, setPasswordWithLink, type FormErrors, type FormFailure, type LinkField } from '../../lib/sign-up/forms';
import NewPasswordFields from './NewPasswordFields';
import { DonePanel, errorText, FailureBox, useFocusFirstError } from './sign-up-ui';

interface Props {
  locale: Locale;
  messages: MessageTree;
  mode: 'confirm' | 'set-password';
  loginHref: string;
}

const tokenFromAddress = () => new URLSearchParams(window.location.search).get('token') ?? '';

export default function AccountLink({ locale, messages, mode, loginHref }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const [state, setState] = useState<'idle' | 'working' | 'done'>(mode === 'confirm' ? 'working' : 'idle');
  const [errors, setErrors] = useState<FormErrors<LinkField>>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  useFocusFirstError('link', LINK_FIELDS, errors, attempt);

  useEffect(() => {
    if (mode !== 'confirm') return;
    void confirmEmailLink(tokenFromAddress(), locale).then((result) => {
      if (result.ok) {
        setState('done');
      } else {
        setErrors(result.errors);
        setFailure(result.failure);
        setState('idle');
      }
    });
  }, [mode, locale]);

  const signIn = (
    <p className="mb-0 mt-4">
      <a className="btn-primary inline-block" href={loginHref}>{t(mode === 'confirm' ? 'signup.confirm.signIn' : 'signup.setPassword.signIn')}</a>
    </p>
  );
  // A refused link says why, in place of the form.
  const linkError = errors.token && (
    <div role="alert" className="border-l-4 border-error bg-error-soft p-4" data-link-error="">
      <p className="m-0 font-semibold text-error">
        {errorText(t, mode === 'set-password' && errors.token.key === 'signup.errors.linkExpired' ? { key: 'signup.errors.linkExpiredPassword' } : errors.token)}
      </p>
      <p className="mb-0 mt-2"><a href={loginHref} className="link">{t('signup.confirm.signIn')}</a></p>
    </div>
  );

  if (state === 'done') {
    return mode === 'confirm' ? (
      <DonePanel title={t('signup.confirm.doneTitle')} state="confirmed"><p className="mb-0 mt-2 text-lg">{t('signup.confirm.doneText')}</p>{signIn}</DonePanel>
    ) : (
      <DonePanel title={t('signup.setPassword.doneTitle')} state="password-set"><p className="mb-0 mt-2 text-lg">{t('signup.setPassword.doneText')}</p>{signIn}</DonePanel>
    );
  }
  if (mode === 'confirm') {
    if (state === 'working') return <p className="m-0 text-lg" role="status">{t('signup.confirm.working')}</p>;
    return linkError || <FailureBox t={t} failure={failure} attempt={attempt} />;
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'working') return;
    setState('working');
    const result = await setPasswordWithLink(tokenFromAddress(), password, repeat, locale);
    if (result.ok) return setState('done');
    setState('idle');
    setErrors(result.errors);
    setFailure(result.failure);
    setAttempt((n) => n + 1);
  };
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5" data-signup-form="set-password">
      {linkError}
      <FailureBox t={t} failure={errors.token ? null : failure} attempt={attempt} />
      <NewPasswordFields
        t={t}
        idPrefix="link"
        password={password}
        repeat={repeat}
        onPassword={setPassword}
        onRepeat={setRepeat}
        errors={{ password: errorText(t, errors.password), repeat: errorText(t, errors.repeat) }}
      />
      <p className="m-0">
        <button type="submit" className="btn-primary" disabled={state === 'working'}>{t('signup.setPassword.submit')}</button>
      </p>
    </form>
  );
}
