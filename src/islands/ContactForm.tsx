// The contact form: checks in the browser first (consent required), sends through the contact
// store, and moves the focus to the first wrong field, the failure or the success message.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { recaptchaToken, loadRecaptcha } from '../lib/bot-check';
import type { Locale } from '../lib/i18n/locales';
import {
  $contactForm, CONTACT_FIELDS, CONTACT_LIMITS, CONTACT_REQUIRED, clearContactError, resetContactForm, submitContact,
  type ContactField, type ContactFieldError, type ContactInput, type ContactTextField,
} from '../lib/stores/contact';
import BotCheckNotice from './BotCheckNotice';
import { tagged } from './tagged-text';
import type { ContactLabels } from './contact-labels';

interface Props {
  locale: Locale;
  labels: ContactLabels;
  privacyHref: string;
  /** Set only when the shop has the bot check on. */
  recaptchaSiteKey: string | null;
  /** "(opens in a new tab)", for the privacy link. */
  newTab: string;
}

const fieldId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;

function readForm(form: HTMLFormElement): ContactInput {
  const data = new FormData(form);
  const text = (name: ContactTextField) => String(data.get(name) ?? '');
  return {
    name: text('name'), email: text('email'), phone: text('phone'), company: text('company'), subject: text('subject'), message: text('message'),
    privacy_consent: data.get('privacy_consent') === 'on',
  };
}

export default function ContactForm({ locale, labels, privacyHref, recaptchaSiteKey, newTab }: Props) {
  const state = useStore($contactForm);
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setHydrated(true);
    if (recaptchaSiteKey) loadRecaptcha(recaptchaSiteKey);
  }, [recaptchaSiteKey]);

  useEffect(() => {
    if (state.attempt === 0) return;
    if (state.status === 'sent') return successRef.current?.focus();
    const first = CONTACT_FIELDS.find((f) => state.errors[f]);
    if (first) return document.getElementById(fieldId(first))?.focus();
    if (state.failure) failureRef.current?.focus();
    // Only a new attempt moves the focus, not every change of the state.
  }, [state.attempt]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const botToken = recaptchaSiteKey ? () => recaptchaToken(recaptchaSiteKey, 'contact') : undefined;
    void submitContact(readForm(event.currentTarget), { locale, botToken });
  };

  const message = (error: ContactFieldError) => labels.errors[error.code].replace('{{max}}', String(error.max ?? ''));

  if (state.status === 'sent') {
    return (
      <div ref={successRef} tabIndex={-1} className="border-l-4 border-success bg-success-soft p-6 focus-ring" data-contact-state="sent">
        <h2 className="m-0 text-2xl font-bold text-secondary">{labels.successTitle}</h2>
        <p className="mb-0 mt-2 text-lg">{labels.successText}</p>
        <p className="mb-0 mt-4">
          <button type="button" className="btn-outline" onClick={resetContactForm}>{labels.sendAnother}</button>
        </p>
      </div>
    );
  }

  const textField = (field: ContactTextField, input: { type?: string; autoComplete?: string; multiline?: boolean }) => {
    const error = state.errors[field];
    const required = CONTACT_REQUIRED.includes(field);
    const common = {
      id: fieldId(field),
      name: field,
      required,
      maxLength: CONTACT_LIMITS[field],
      autoComplete: input.autoComplete,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId(field) : undefined,
      onInput: () => clearContactError(field),
      className: `mt-1 block w-full border-2 bg-canvas px-3 py-2 text-base focus-ring ${error ? 'border-error' : 'border-secondary'}`,
    };
    return (
      <div className={input.multiline || field === 'subject' ? 'md:col-span-2' : undefined}>
        <label htmlFor={fieldId(field)} className="block font-semibold">
          {labels.fields[field]}
          {required ? <span aria-hidden="true" className="text-primary-strong"> *</span> : <span className="font-normal text-muted"> ({labels.optional})</span>}
        </label>
        {input.multiline ? <textarea rows={7} {...common} /> : <input type={input.type ?? 'text'} {...common} />}
        {error && <p id={errorId(field)} className="mb-0 mt-1 text-sm font-semibold text-error">{message(error)}</p>}
      </div>
    );
  };

  const consentError = state.errors.privacy_consent;
  const sending = state.status === 'sending';
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-contact-state={state.status} aria-describedby="contact-required-note">
      <p id="contact-required-note" className="m-0 text-sm text-muted">{labels.requiredNote}</p>
      {state.failure && (
        <div ref={failureRef} tabIndex={-1} className="border-l-4 border-error bg-error-soft p-4 focus-ring" data-contact-failure={state.failure}>
          <p className="m-0 font-bold text-error">{labels.failureTitle}</p>
          <p className="mb-0 mt-1">{labels.failure[state.failure]}</p>
        </div>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        {textField('name', { autoComplete: 'name' })}
        {textField('email', { type: 'email', autoComplete: 'email' })}
        {textField('phone', { type: 'tel', autoComplete: 'tel' })}
        {textField('company', { autoComplete: 'organization' })}
        {textField('subject', {})}
        {textField('message', { multiline: true })}
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            id={fieldId('privacy_consent')}
            name="privacy_consent"
            required
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? errorId('privacy_consent') : undefined}
            onChange={() => clearContactError('privacy_consent')}
            className="mt-1 h-5 w-5 shrink-0 accent-primary focus-ring"
          />
          <label htmlFor={fieldId('privacy_consent')}>
            {tagged(labels.privacyConsent, 'link', (inner) => (
              <a key="privacy" href={privacyHref} target="_blank" rel="noopener" className="link">
                {inner}<span className="sr-only"> {newTab}</span>
              </a>
            ))}
            <span aria-hidden="true" className="text-primary-strong"> *</span>
          </label>
        </div>
        {consentError && <p id={errorId('privacy_consent')} className="mb-0 ml-8 mt-1 text-sm font-semibold text-error">{message(consentError)}</p>}
      </div>
      <p className="m-0">
        <button type="submit" className="btn-primary" disabled={!hydrated || sending}>
          {sending ? labels.sending : labels.submit}
        </button>
      </p>
      {recaptchaSiteKey && <BotCheckNotice text={labels.botCheckNotice} />}
    </form>
  );
}
