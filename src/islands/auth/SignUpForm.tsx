// The consumer's sign-up (ADR 0025): name, email, password with the policy checklist, privacy
// consent. Checked in the browser with the API's rules; once sent, a panel says where the
// confirmation link went.
import { useMemo, useState, type FormEvent } from 'react';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import type { Locale } from '../../lib/i18n/locales';
import { REGISTER_FIELDS, submitRegister, type FormErrors, type FormFailure, type RegisterField } from '../../lib/sign-up/forms';
import NewPasswordFields from './NewPasswordFields';
import { DonePanel, errorText, FailureBox, PrivacyConsent, TextField, useFocusFirstError } from './sign-up-ui';

interface Props {
  locale: Locale;
  messages: MessageTree;
  privacyHref: string;
  loginHref: string;
}

const FORM = 'signup';

export default function SignUpForm({ locale, messages, privacyHref, loginHref }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const [errors, setErrors] = useState<FormErrors<RegisterField>>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [personal, setPersonal] = useState<string[]>([]);
  useFocusFirstError(FORM, REGISTER_FIELDS, errors, attempt);

  const clear = (field: RegisterField) => () => setErrors(({ [field]: _gone, ...rest }) => rest);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const input = {
      first_name: String(data.get('first_name') ?? ''), last_name: String(data.get('last_name') ?? ''), email: String(data.get('email') ?? ''),
      password, repeat, privacy_consent: data.get('privacy_consent') === 'on',
    };
    setSending(true);
    const result = await submitRegister(input, locale);
    setSending(false);
    if (result.ok) return setSentTo(input.email.trim());
    setErrors(result.errors);
    setFailure(result.failure);
    setAttempt((n) => n + 1);
  };

  if (sentTo) {
    return (
      <DonePanel title={t('signup.register.sentTitle')} state="sent">
        <p className="mb-0 mt-2 text-lg">{t('signup.register.sentText', { email: sentTo })}</p>
      </DonePanel>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5" data-signup-form="register">
      <FailureBox t={t} failure={failure} attempt={attempt} />
      <div className="grid gap-5 md:grid-cols-2">
        <TextField t={t} form={FORM} field="first_name" label={t('signup.register.firstName')} autoComplete="given-name" maxLength={80} error={errors.first_name} onInput={clear('first_name')} />
        <TextField t={t} form={FORM} field="last_name" label={t('signup.register.lastName')} autoComplete="family-name" maxLength={80} error={errors.last_name} onInput={clear('last_name')} />
      </div>
      <TextField
        t={t} form={FORM} field="email" type="email" label={t('signup.register.email')} autoComplete="email" maxLength={254} error={errors.email}
        onInput={() => {
          clear('email')();
          const form = document.getElementById(`${FORM}-email`)?.closest('form');
          if (form) {
            const data = new FormData(form);
            setPersonal(['email', 'first_name', 'last_name'].map((f) => String(data.get(f) ?? '')));
          }
        }}
      />
      <NewPasswordFields
        t={t}
        idPrefix={FORM}
        password={password}
        repeat={repeat}
        onPassword={(value) => {
          setPassword(value);
          clear('password')();
        }}
        onRepeat={(value) => {
          setRepeat(value);
          clear('repeat')();
        }}
        errors={{ password: errorText(t, errors.password), repeat: errorText(t, errors.repeat) }}
        personal={personal}
        passwordLabel={t('signup.register.password')}
      />
      <PrivacyConsent t={t} form={FORM} error={errors.privacy_consent} privacyHref={privacyHref} newTab={t('contact.newTab')} onChange={clear('privacy_consent')} />
      <p className="m-0">
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? t('signup.register.sending') : t('signup.register.submit')}
        </button>
      </p>
      <p className="m-0">
        {t('signup.register.haveAccount')} <a href={loginHref} className="link">{t('signup.register.signIn')}</a>
      </p>
    </form>
  );
}
