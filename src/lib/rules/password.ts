// The password policy of spec section 5, applied by the API and pre-checked by the forms.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordIssue =
  | 'minLength'
  | 'maxLength'
  | 'uppercaseRequired'
  | 'lowercaseRequired'
  | 'digitRequired'
  | 'specialCharRequired'
  | 'weakPassword';

/** Passwords people pick first; a policy-passing variant of these is still guessable. */
const COMMON = ['password', 'passw0rd', 'qwerty', 'welcome', 'benvenuto', 'letmein', 'admin', '12345678', 'iloveyou', 'vinoshop', 'sunshine', 'football', 'bienvenido', 'contraseña'];

export interface PasswordContext {
  /** Username, email, names: a password containing them is guessable. */
  personal?: (string | null | undefined)[];
}

export function passwordIssues(password: string, context: PasswordContext = {}): PasswordIssue[] {
  const issues: PasswordIssue[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) issues.push('minLength');
  if (password.length > PASSWORD_MAX_LENGTH) issues.push('maxLength');
  if (!/\p{Lu}/u.test(password)) issues.push('uppercaseRequired');
  if (!/\p{Ll}/u.test(password)) issues.push('lowercaseRequired');
  if (!/\d/.test(password)) issues.push('digitRequired');
  if (!/[^\p{L}\d\s]/u.test(password)) issues.push('specialCharRequired');
  const lower = password.toLowerCase();
  const personal = (context.personal ?? [])
    .flatMap((s) => (s ?? '').toLowerCase().split(/[@.\s_+-]+/))
    .filter((s) => s.length >= 4);
  if (COMMON.some((c) => lower.includes(c)) || personal.some((p) => lower.includes(p)) || /(.)\1{3,}/.test(password)) {
    issues.push('weakPassword');
  }
  return issues;
}

/** English messages the API sends with each issue (the storefront translates by code). */
export const PASSWORD_ISSUE_MESSAGES: Record<PasswordIssue, string> = {
  minLength: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  maxLength: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  uppercaseRequired: 'The password must contain an uppercase letter.',
  lowercaseRequired: 'The password must contain a lowercase letter.',
  digitRequired: 'The password must contain a number.',
  specialCharRequired: 'The password must contain a special character.',
  weakPassword: 'The password is too easy to guess.',
};
