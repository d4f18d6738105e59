/** Account rules: sign-up, sign-in, sign-out and password reset. */
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type FieldErrors, isValidEmail, validateResetPassword, validateSignup } from '../../contract/auth.ts';
import { normalizePhone } from '../../contract/phone.ts';
import { isUniqueViolation } from '../../kernel/db/errors.ts';
import type { ServiceDeps } from '../../kernel/deps.ts';
import { badRequest, validationError } from '../../kernel/errors.ts';
import { identityForSignup } from '../identities/index.ts';
import * as queries from './auth.queries.ts';
import { matchPassword, type VerifyPassword } from './credentials.ts';
import { hashPassword } from './passwords.ts';
import { beginSignin, signinSubjects } from './signin-limits.ts';
import type { PasswordResetConfirmBody, SigninBody, SignupBody } from './auth.schemas.ts';

/**
 * Accounts also mail reset links and sign the session tokens they start; sign-up hashes the email
 * for the identity record with the identity-hash secret.
 */
export type AuthDeps = Pick<ServiceDeps, 'db' | 'config' | 'mailer' | 'log'> & {
  issueToken(member: { userId: number; sessionId: string }): string;
  identityHashSecret: string;
};

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function startSession(deps: AuthDeps, userId: number): Promise<string> {
  const expiresAt = new Date(Date.now() + deps.config.sessionTtlDays * 86_400_000);
  const sessionId = await queries.insertSession(deps.db, userId, expiresAt);
  return deps.issueToken({ userId, sessionId });
}

export async function signup(deps: AuthDeps, body: SignupBody) {
  const username = body.username.trim();
  const email = body.email.trim();
  const formErrors = validateSignup({ username, email, password: body.password1, confirmPassword: body.password2 });
  // The API names the password fields password1/password2; the form calls them password/confirmPassword.
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(formErrors)) {
    errors[field === 'password' ? 'password1' : field === 'confirmPassword' ? 'password2' : field] = messages;
  }
  if (Object.keys(errors).length === 0) {
    for (const taken of await queries.findUsersTakingNames(deps.db, username, email)) {
      if (taken.username.toLowerCase() === username.toLowerCase()) errors.username = [AUTH_MESSAGES.usernameTaken];
      if (taken.email.toLowerCase() === email.toLowerCase()) errors.email = [AUTH_MESSAGES.emailTaken];
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const passwordHash = await hashPassword(body.password1);
  let userId: number;
  try {
    userId = await deps.db.transaction(async (tx) => {
      // The identity this email belongs to (a returning member's): a banned one refuses with 403.
      const identityId = await identityForSignup(tx, deps.identityHashSecret, email);
      return (await queries.insertUserWithProfile(tx, { username, email, passwordHash, identityId })).id;
    });
  } catch (error) {
    // Someone took the name between our check and the insert: the unique index decides.
    if (isUniqueViolation(error)) throw validationError({ username: [AUTH_MESSAGES.usernameTaken] });
    throw error;
  }
  return { user: userId, token: await startSession(deps, userId) };
}

export interface SigninOptions {
  /** The client's address as the trusted proxies report it. */
  ip: string;
  /** Tests count the argon2 verifications through this. */
  verify?: VerifyPassword;
}

export async function signin(deps: AuthDeps, body: SigninBody, options: SigninOptions) {
  const identifier = body.username.trim();
  const errors: FieldErrors = {};
  if (!identifier) errors.username = [AUTH_MESSAGES.identifierRequired];
  if (!body.password) errors.password = [AUTH_MESSAGES.passwordRequired];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  // A shared phone may name several accounts: the one whose password matches signs in.
  const candidates = await queries.findUsersByIdentifier(deps.db, identifier, normalizePhone(identifier));
  const subjects = signinSubjects(
    identifier,
    candidates.map((candidate) => candidate.id),
  );
  const attempt = await beginSignin({ db: deps.db, ...deps.config.authRateLimit }, options.ip, subjects);
  const account = await matchPassword(identifier, candidates, body.password, options.verify);
  // A demo account is refused after the same verifications, with the same answer, as a wrong
  // password: neither the message nor the time taken tells a demo member from a real one.
  if (!account || account.isDemo) throw badRequest(AUTH_MESSAGES.invalidCredentials);
  await attempt.succeeded();
  return { user: account.id, username: account.username, email: account.email, token: await startSession(deps, account.id) };
}

export async function signout(deps: AuthDeps, sessionId: string): Promise<void> {
  await queries.revokeSession(deps.db, sessionId);
}

/** Always succeeds for a well-formed address, so the answer never tells whether an account exists. */
export async function requestPasswordReset(deps: AuthDeps, rawEmail: string): Promise<void> {
  const email = rawEmail.trim();
  if (!isValidEmail(email)) throw validationError({ email: [AUTH_MESSAGES.invalidEmail] });
  const user = await queries.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  await queries.insertPasswordReset(deps.db, user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
  const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
  // Sent after answering: waiting on SMTP would make existing accounts measurably slower.
  void deps.mailer
    .send({
      to: user.email,
      subject: 'Reset your Betroth password',
      text: `Hello ${user.username},\n\nSomeone asked to reset the password of your Betroth account.\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    })
    .catch((error) => deps.log.error({ err: error }, 'password reset mail failed'));
}

export async function confirmPasswordReset(deps: AuthDeps, body: PasswordResetConfirmBody): Promise<void> {
  const errors = validateResetPassword(body.new_password, body.confirm_password);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const passwordHash = await hashPassword(body.new_password);
  const reset = await deps.db.transaction(async (tx) => {
    const userId = await queries.consumePasswordReset(tx, sha256(body.token));
    if (userId === null) return false;
    await queries.updatePasswordHash(tx, userId, passwordHash);
    // Every other link mailed to this account dies with this one: an older mail left lying
    // around must not reset the password the member has just chosen.
    await queries.voidPasswordResets(tx, userId);
    await queries.revokeAllSessions(tx, userId);
    return true;
  });
  if (!reset) throw validationError({ token: [AUTH_MESSAGES.resetTokenInvalid] });
}
