// Pieces shared by the sign-up, trade account and link forms (ADR 0025): a labelled text field
// with its error, the privacy consent, the failure box and the success panel, each taking the
// focus when it appears after a send.
import { useEffect, useRef, type ReactNode } from 'react';
import type { T } from '../../lib/i18n/client-messages';
import type { FieldError, FormFailure } from '../../lib/sign-up/forms';
import { PASSWORD_MIN_LENGTH } from '../../lib/rules/password';
import { tagged } from '../tagged-text';

export const fieldId = (form: string, field: string) => `${form}-${field}`;
const errorIdOf = (form: string, field: string) => `${form}-${field}-error`;

/** A field error in the visitor's language (also the text PasswordInput shows as is). */
export const errorText = (t: T, error: FieldError | undefined) => (error ? t(error.key, { max: error.max ?? '', min: PASSWORD_MIN_LENGTH }) : null);

export function TextField(props: {
  t: T;
  form: string;
  field: string;
  label: string;
  error?: FieldError;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  maxLength: number;
  hint?: string;
  onInput: () => void;
}) {
  const { t, form, field, label, error, required = true } = props;
  const hintId = props.hint ? `${fieldId(form, field)}-hint` : null;
  const describedBy = [error ? errorIdOf(form, field) : null, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={fieldId(form, field)} className="block font-semibold">
        {label}
        {required ? <span aria-hidden="true" className="text-primary-strong"> *</span> : null}
      </label>
      <input
        id={fieldId(form, field)}
        name={field}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={required}
        maxLength={props.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onInput={props.onInput}
        className={`mt-1 block w-full border-2 bg-canvas px-3 py-2 text-base focus-ring ${error ? 'border-error' : 'border-secondary'}`}
      />
      {hintId && <p id={hintId} className="mb-0 mt-1 text-sm text-muted">{props.hint}</p>}
      {error && <p id={errorIdOf(form, field)} className="mb-0 mt-1 text-sm font-semibold text-error">{errorText(t, error)}</p>}
    </div>
  );
}

export function PrivacyConsent({ t, form, error, privacyHref, newTab, onChange }: { t: T; form: string; error?: FieldError; privacyHref: string; newTab: string; onChange: () => void }) {
  const id = fieldId(form, 'privacy_consent');
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id={id}
          name="privacy_consent"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(form, 'privacy_consent') : undefined}
          onChange={onChange}
          className="mt-1 h-5 w-5 shrink-0 accent-primary focus-ring"
        />
        <label htmlFor={id}>
          {tagged(t('signup.privacy'), 'link', (inner) => (
            <a key="privacy" href={privacyHref} target="_blank" rel="noopener" className="link">
              {inner}
              <span className="sr-only"> {newTab}</span>
            </a>
          ))}
          <span aria-hidden="true" className="text-primary-strong"> *</span>
        </label>
      </div>
      {error && <p id={errorIdOf(form, 'privacy_consent')} className="mb-0 ml-8 mt-1 text-sm font-semibold text-error">{errorText(t, error)}</p>}
    </div>
  );
}

/** Says why a send failed; takes the focus when it appears for a new attempt. */
export function FailureBox({ t, failure, attempt }: { t: T; failure: FormFailure | null; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure && failure !== 'fields') ref.current?.focus();
  }, [failure, attempt]);
  if (!failure) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="border-l-4 border-error bg-error-soft p-4 focus-ring" data-form-failure={failure}>
      <p className="m-0 font-semibold text-error">{t(`signup.errors.${failure}`)}</p>
    </div>
  );
}

/** The panel that replaces a form once it is done; takes the focus. */
export function DonePanel({ title, children, state }: { title: string; children: ReactNode; state: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="border-l-4 border-success bg-success-soft p-6 focus-ring" data-signup-state={state}>
      <h2 className="m-0 text-2xl font-bold text-secondary">{title}</h2>
      {children}
    </div>
  );
}

/** Moves the focus to the first field with an error, once per attempt. */
export function useFocusFirstError(form: string, fields: readonly string[], errors: Partial<Record<string, FieldError>>, attempt: number) {
  useEffect(() => {
    if (attempt === 0) return;
    const first = fields.find((f) => errors[f]);
    if (first) document.getElementById(fieldId(form, first))?.focus();
    // Only a new attempt moves the focus.
  }, [attempt]);
}
