import * as v from 'valibot';

export interface LoginResponse {
  token: string;
  /** ISO timestamp when the token stops working. */
  expiry: string;
  /** The same, for clients configured with this key name. */
  token_expire: string;
  /** The user must change the password before going on. */
  must_change_password: boolean;
}

export interface CurrentUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_agent: boolean;
  agent_profile: { id: number } | null;
  customer_profile: { id: number; business_name: string | null; first_name: string; last_name: string; kind: 'b2b' | 'b2c' } | null;
  must_change_password: boolean;
}

const Username = v.pipe(v.string('Enter the username.'), v.trim(), v.nonEmpty('Enter the username.'), v.maxLength(254, 'The username is too long.'));
const Password = v.pipe(v.string('Enter the password.'), v.nonEmpty('Enter the password.'), v.maxLength(256, 'The password is too long.'));

export const UsernameBodySchema = v.strictObject({ username: Username });
export const OtpPasswordChangeBodySchema = v.strictObject({
  username: Username,
  password: Password,
  otp: v.pipe(v.string('Enter the code.'), v.trim(), v.regex(/^\d{6}$/, 'The code has 6 digits.')),
});
export const PasswordChangeBodySchema = v.strictObject({ username: Username, old_password: Password, password: Password });

export interface CheckPasswordChangeResponse {
  must_change_password: boolean;
}
