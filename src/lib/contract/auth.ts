// auth/ (spec section 7): sign-in, sign-out, the signed-in user and the password calls.
import * as v from 'valibot';

export const LoginResponseSchema = v.object({
  token: v.string(),
  /** ISO timestamp when the token stops working. */
  expiry: v.string(),
  /** The same, for clients configured with this key name. */
  token_expire: v.string(),
  /** The user must change the password before going on. */
  must_change_password: v.boolean(),
});
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>;

export const CurrentUserSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  is_agent: v.boolean(),
  agent_profile: v.nullable(v.object({ id: v.number() })),
  customer_profile: v.nullable(
    v.object({ id: v.number(), business_name: v.nullable(v.string()), first_name: v.string(), last_name: v.string(), kind: v.picklist(['b2b', 'b2c']) }),
  ),
  must_change_password: v.boolean(),
});
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;

const Username = v.pipe(v.string('Enter the username.'), v.trim(), v.nonEmpty('Enter the username.'), v.maxLength(254, 'The username is too long.'));
const Password = v.pipe(v.string('Enter the password.'), v.nonEmpty('Enter the password.'), v.maxLength(256, 'The password is too long.'));

export const UsernameBodySchema = v.strictObject({ username: Username });
export const OtpPasswordChangeBodySchema = v.strictObject({
  username: Username,
  password: Password,
  otp: v.pipe(v.string('Enter the code.'), v.trim(), v.regex(/^\d{6}$/, 'The code has 6 digits.')),
});
export const PasswordChangeBodySchema = v.strictObject({ username: Username, old_password: Password, password: Password });

export const CheckPasswordChangeResponseSchema = v.object({ must_change_password: v.boolean() });
export type CheckPasswordChangeResponse = v.InferOutput<typeof CheckPasswordChangeResponseSchema>;

/** auth/password-reset/: the code is on its way and works this many seconds. */
export const PasswordResetAnswerSchema = v.object({ detail: v.string(), expires_in: v.number() });

/** The password calls' answer once the password is changed. */
export const PasswordChangedSchema = v.object({ detail: v.string() });
