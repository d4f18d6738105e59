/**
 * Account rules shared by server and client: limits, the product's user-facing messages and
 * pure validators. No dependencies, so the browser bundle can import it as is.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
/** Accounts that may share one phone number. */
export const MAX_ACCOUNTS_PER_PHONE = 5;

export const AUTH_MESSAGES = {
  identifierRequired: 'Phone, Email or Username is required',
  passwordRequired: 'Password is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 32 characters',
  usernameCharacters: 'Username can only contain letters, numbers, and underscores',
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDontMatch: "Passwords don't match",
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  // Messages the product does not word, so they are ours; see docs/decisions.md.
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid username or password',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  biometricNotOffered: 'Biometric password reset is not offered. Please use the emailed reset link instead.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

export type FieldErrors = Record<string, string[]>;

/**
 * An empty errors map without a prototype: maps keyed by names taken from a request (unknown
 * profile fields, unknown filters) can then never write through to Object.prototype.
 */
export const noFieldErrors = (): FieldErrors => Object.create(null) as FieldErrors;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
// Deliberately simple: one @, no spaces, a dot in the domain. Real proof of an address is the mail itself.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export function usernameErrors(username: string): string[] {
  const messages: string[] = [];
  if (username.length < USERNAME_MIN) messages.push(AUTH_MESSAGES.usernameTooShort);
  if (username.length > USERNAME_MAX) messages.push(AUTH_MESSAGES.usernameTooLong);
  if (username.length > 0 && !USERNAME_PATTERN.test(username)) {
    messages.push(AUTH_MESSAGES.usernameCharacters);
  }
  return messages;
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

export interface SignupInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Sign-up rules; keys are the form's field names. */
export function validateSignup(input: SignupInput): FieldErrors {
  const errors: FieldErrors = {};
  for (const message of usernameErrors(input.username)) add(errors, 'username', message);
  if (!isValidEmail(input.email)) add(errors, 'email', AUTH_MESSAGES.invalidEmail);
  if (input.password.length < PASSWORD_MIN) add(errors, 'password', AUTH_MESSAGES.passwordTooShort);
  if (input.confirmPassword !== input.password) {
    add(errors, 'confirmPassword', AUTH_MESSAGES.passwordsDontMatch);
  }
  return errors;
}

/** The reset form's stricter password rules: length, an uppercase and a lowercase letter, a digit. */
export function newPasswordErrors(password: string): string[] {
  const messages: string[] = [];
  if (password.length < PASSWORD_MIN) messages.push(AUTH_MESSAGES.passwordTooShort);
  if (!/[A-Z]/.test(password)) messages.push(AUTH_MESSAGES.passwordNeedsUppercase);
  if (!/[a-z]/.test(password)) messages.push(AUTH_MESSAGES.passwordNeedsLowercase);
  if (!/[0-9]/.test(password)) messages.push(AUTH_MESSAGES.passwordNeedsNumber);
  return messages;
}

export function validateResetPassword(newPassword: string, confirmPassword: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const message of newPasswordErrors(newPassword)) add(errors, 'new_password', message);
  if (confirmPassword !== newPassword) add(errors, 'confirm_password', AUTH_MESSAGES.passwordsDontMatch);
  return errors;
}

export type StrengthColour = 'red' | 'yellow' | 'blue' | 'green';

export interface PasswordStrength {
  score: number;
  colour: StrengthColour;
  tips: string[];
}

/** Password-strength meter: one point per rule, at most 5. */
export function passwordStrength(password: string): PasswordStrength {
  const rules = [
    password.length >= PASSWORD_MIN,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /[0-9]/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ];
  const score = rules.filter(Boolean).length;
  const tips: string[] = [];
  if (password.length < PASSWORD_MIN) tips.push('Password should be at least 8 characters');
  if (score < 3) tips.push('Use a mix of letters, numbers, and symbols');
  const colour: StrengthColour = score <= 1 ? 'red' : score === 2 ? 'yellow' : score === 3 ? 'blue' : 'green';
  return { score, colour, tips };
}
