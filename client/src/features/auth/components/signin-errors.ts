/** What the sign-in form checks before it asks the server (pure, so it is tested without a browser). */
import { AUTH_MESSAGES } from '@contract/auth.ts';

export interface SigninValues {
  identifier: string;
  password: string;
}

export type SigninField = keyof SigninValues;
export const SIGNIN_FIELDS: readonly SigninField[] = ['identifier', 'password'];

/** The message for each missing field, in the fields' order. */
export function signinErrors(values: SigninValues): Partial<Record<SigninField, string>> {
  const errors: Partial<Record<SigninField, string>> = {};
  if (!values.identifier.trim()) errors.identifier = AUTH_MESSAGES.identifierRequired;
  if (!values.password) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}
