/** Request and response contracts of the account routes. */
import { type Static, Type } from 'typebox';

// Lengths are generous caps against abuse; the account rules are checked by the service so
// the answer carries the product's own messages.
const Text = (maxLength: number) => Type.String({ maxLength });

export const SignupBody = Type.Object({
  username: Text(200),
  email: Text(320),
  password1: Text(1024),
  password2: Text(1024),
});
export type SignupBody = Static<typeof SignupBody>;

export const SignupResponse = Type.Object({
  user: Type.Integer({ description: 'The new user id' }),
  token: Type.String(),
});

export const SigninBody = Type.Object({
  username: Type.String({ maxLength: 320, description: 'A username, an email or a phone number' }),
  password: Text(1024),
});
export type SigninBody = Static<typeof SigninBody>;

export const SigninResponse = Type.Object({
  user: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  token: Type.String(),
});

export const PasswordResetRequestBody = Type.Object({ email: Text(320) });
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

export const PasswordResetConfirmBody = Type.Object({
  token: Text(200),
  new_password: Text(1024),
  confirm_password: Text(1024),
});
export type PasswordResetConfirmBody = Static<typeof PasswordResetConfirmBody>;
