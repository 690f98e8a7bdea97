// A password field with a show/hide switch. The switch is a real button beside the input (not
// inside the label), so it is reachable by keyboard and says what it will do.
import { useState, type Ref } from 'react';
import type { T } from '../../lib/i18n/client-messages';

export interface PasswordInputProps {
  t: T;
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** Message key of the field's error (translated here). */
  error?: string | null;
  /** Ids of further text that describes the field (hints). */
  describedBy?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export const fieldClass = (invalid: boolean) =>
  `block w-full border-2 bg-canvas px-3 py-2 text-base focus-ring ${invalid ? 'border-error' : 'border-secondary'}`;

export default function PasswordInput({ t, id, name, label, value, onChange, autoComplete, error, describedBy, disabled, inputRef }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  const describers = [error ? errorId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">{label}</label>
      <div className="mt-1 flex">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describers}
          className={`${fieldClass(Boolean(error))} min-w-0 flex-1`}
        />
        <button
          type="button"
          className="shrink-0 border-2 border-l-0 border-secondary bg-surface px-3 text-sm font-semibold text-secondary focus-ring"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('auth.password.hide') : t('auth.password.show')}
          <span className="sr-only"> ({label})</span>
        </button>
      </div>
      {error && <p id={errorId} className="mb-0 mt-1 text-sm font-semibold text-error">{t(error)}</p>}
    </div>
  );
}
