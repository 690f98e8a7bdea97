// New password and its repetition, with the policy of spec section 5 shown as a live checklist
// (rules/password.ts, the same rules the API applies). Shared by the sign-in flow (forced change,
// reset by code) and the account's password change.
import type { Ref } from 'react';
import type { T } from '../../lib/i18n/client-messages';
import { PASSWORD_MIN_LENGTH, passwordIssues, type PasswordIssue } from '../../lib/rules/password';
import PasswordInput from './PasswordInput';

export interface NewPasswordFieldsProps {
  /** Translator holding the `auth` and `validation` message areas. */
  t: T;
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
  /** Message keys (e.g. "validation.passwordsMustMatch"), translated here. */
  errors?: { password?: string | null; repeat?: string | null };
  /** Prefix of the input ids ("<prefix>-password", "<prefix>-repeat"); unique per page. */
  idPrefix: string;
  /** Username, email, names: a password containing them counts as weak. */
  personal?: (string | null | undefined)[];
  disabled?: boolean;
  /** Label of the first field; defaults to "New password". */
  passwordLabel?: string;
  passwordRef?: Ref<HTMLInputElement>;
}

/** The checklist, in the order people read it; "weak" is shown only once it applies. */
const RULES: PasswordIssue[] = ['minLength', 'uppercaseRequired', 'lowercaseRequired', 'digitRequired', 'specialCharRequired'];

export default function NewPasswordFields({
  t, password, repeat, onPassword, onRepeat, errors = {}, idPrefix, personal, disabled, passwordLabel, passwordRef,
}: NewPasswordFieldsProps) {
  const issues = passwordIssues(password, { personal });
  const hintsId = `${idPrefix}-hints`;
  const weak = password.length > 0 && issues.includes('weakPassword');
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PasswordInput
          t={t}
          id={`${idPrefix}-password`}
          name="new-password"
          label={passwordLabel ?? t('auth.password.new')}
          value={password}
          onChange={onPassword}
          autoComplete="new-password"
          error={errors.password}
          describedBy={hintsId}
          disabled={disabled}
          inputRef={passwordRef}
        />
        <div id={hintsId} className="mt-2 text-sm">
          <p className="m-0 text-muted">{t('auth.password.rulesIntro')}</p>
          <ul className="m-0 mt-1 list-none p-0" data-password-rules>
            {RULES.map((rule) => {
              const met = password.length > 0 && !issues.includes(rule);
              return (
                <li key={rule} className={`flex items-center gap-2 ${met ? 'text-success-strong' : 'text-muted'}`} data-rule={rule} data-met={met ? '' : undefined}>
                  <span aria-hidden="true" className="inline-block w-4 text-center font-bold">{met ? '✓' : '•'}</span>
                  <span>
                    {t(`auth.password.rules.${rule}`, { min: PASSWORD_MIN_LENGTH })}
                    <span className="sr-only"> ({met ? t('auth.password.ruleMet') : t('auth.password.ruleNotMet')})</span>
                  </span>
                </li>
              );
            })}
          </ul>
          {weak && <p className="m-0 mt-1 font-semibold text-error" data-rule="weakPassword">{t('auth.password.rules.weakPassword')}</p>}
        </div>
      </div>
      <PasswordInput
        t={t}
        id={`${idPrefix}-repeat`}
        name="repeat-password"
        label={t('auth.password.repeat')}
        value={repeat}
        onChange={onRepeat}
        autoComplete="new-password"
        error={errors.repeat}
        disabled={disabled}
      />
    </div>
  );
}
