// A business asks for a trade account (ADR 0025): company, VAT number (format and Italian check
// digit checked here as in the API), SDI recipient code or PEC for an Italian company, contact
// person, email, phone, privacy consent. The shop owner approves it; the requester gets a mail.
import { useMemo, useState, type FormEvent } from 'react';
import { createT, type MessageTree } from '../../lib/i18n/client-messages';
import type { Locale } from '../../lib/i18n/locales';
import { submitTrade, TRADE_FIELDS, type FormErrors, type FormFailure, type TradeField, type TradeInput } from '../../lib/sign-up/forms';
import { DonePanel, FailureBox, PrivacyConsent, TextField, useFocusFirstError } from './sign-up-ui';

interface Props {
  locale: Locale;
  messages: MessageTree;
  privacyHref: string;
}

const FORM = 'trade';

export default function TradeAccountForm({ locale, messages, privacyHref }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const [errors, setErrors] = useState<FormErrors<TradeField>>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ company: string; email: string } | null>(null);
  useFocusFirstError(FORM, TRADE_FIELDS, errors, attempt);

  const clear = (...fields: TradeField[]) => () =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([f]) => !fields.includes(f as TradeField))) as FormErrors<TradeField>);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const text = (f: Exclude<TradeField, 'privacy_consent'>) => String(data.get(f) ?? '');
    const input: TradeInput = {
      company_name: text('company_name'), vat_number: text('vat_number'), sdi_code: text('sdi_code'), pec: text('pec'), contact_name: text('contact_name'),
      email: text('email'), phone: text('phone'), privacy_consent: data.get('privacy_consent') === 'on',
    };
    setSending(true);
    const result = await submitTrade(input, locale);
    setSending(false);
    if (result.ok) return setSent({ company: input.company_name.trim(), email: input.email.trim() });
    setErrors(result.errors);
    setFailure(result.failure);
    setAttempt((n) => n + 1);
  };

  if (sent) {
    return (
      <DonePanel title={t('signup.trade.sentTitle')} state="sent">
        <p className="mb-0 mt-2 text-lg">{t('signup.trade.sentText', sent)}</p>
      </DonePanel>
    );
  }

  const field = (name: Exclude<TradeField, 'privacy_consent'>, label: string, options: { maxLength: number; type?: string; autoComplete?: string; required?: boolean; hint?: string }) => (
    <TextField t={t} form={FORM} field={name} label={label} error={errors[name]} onInput={clear(name, ...(name === 'pec' ? (['sdi_code'] as const) : []))} {...options} />
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5" data-signup-form="trade">
      <FailureBox t={t} failure={failure} attempt={attempt} />
      <div className="grid gap-5 md:grid-cols-2">
        {field('company_name', t('signup.trade.companyName'), { maxLength: 160, autoComplete: 'organization' })}
        {field('vat_number', t('signup.trade.vatNumber'), { maxLength: 20, hint: t('signup.trade.vatHint') })}
      </div>
      <fieldset className="m-0 border-2 border-secondary p-4">
        <legend className="px-1 font-semibold">{t('signup.trade.eInvoicingHint')}</legend>
        <div className="grid gap-5 md:grid-cols-2">
          {field('sdi_code', t('signup.trade.sdiCode'), { maxLength: 7, required: false })}
          {field('pec', t('signup.trade.pec'), { maxLength: 254, type: 'email', required: false })}
        </div>
      </fieldset>
      <div className="grid gap-5 md:grid-cols-2">
        {field('contact_name', t('signup.trade.contactName'), { maxLength: 120, autoComplete: 'name' })}
        {field('phone', t('signup.trade.phone'), { maxLength: 40, type: 'tel', autoComplete: 'tel' })}
        {field('email', t('signup.trade.email'), { maxLength: 254, type: 'email', autoComplete: 'email' })}
      </div>
      <PrivacyConsent t={t} form={FORM} error={errors.privacy_consent} privacyHref={privacyHref} newTab={t('contact.newTab')} onChange={clear('privacy_consent')} />
      <p className="m-0">
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? t('signup.register.sending') : t('signup.trade.submit')}
        </button>
      </p>
    </form>
  );
}
