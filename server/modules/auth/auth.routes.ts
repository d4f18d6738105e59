/** Account routes. Thin: schemas in auth.schemas.ts, rules in auth.service.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { AppError } from '../../kernel/errors.ts';
import { AUTH_HEADER_SECURITY, DetailResponse, errorResponses } from '../common/index.ts';
import {
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  SigninBody,
  SigninResponse,
  SignupBody,
  SignupResponse,
} from './auth.schemas.ts';
import * as service from './auth.service.ts';

const tags = ['accounts'];

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The service gets what it uses, not the app.
  const deps = {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    issueToken: app.issueToken,
    identityHashSecret: app.identityHashSecret,
  };
  app.post(
    '/signup/',
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        description:
          '403 "This email address can\'t be used to create an account." when the email belongs to a banned member ' +
          '(an earlier account, even a deleted one; see the identities module).',
        body: SignupBody,
        response: { 201: SignupResponse, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await app.limitAttempts('signup', request, request.body.email);
      return reply.status(201).send(await service.signup(deps, request.body));
    },
  );

  app.post(
    '/signin/',
    {
      schema: {
        tags,
        summary: 'Sign in with a username, email or phone',
        body: SigninBody,
        response: { 200: SigninResponse, ...errorResponses(400, 429) },
      },
    },
    // Limited inside the service: only failed guesses count, per account as well as per spelling.
    async (request) => service.signin(deps, request.body, { ip: request.ip }),
  );

  app.post(
    '/signout/',
    {
      onRequest: app.authenticate,
      config: { allowRestricted: true },
      schema: {
        tags,
        summary: 'End this session',
        security: AUTH_HEADER_SECURITY,
        response: { 200: DetailResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      await service.signout(deps, request.member.sessionId);
      return { detail: 'Signed out successfully' };
    },
  );

  app.post(
    '/request-password-reset/',
    {
      schema: {
        tags,
        summary: 'Email a password-reset link (answers the same whether or not the account exists)',
        body: PasswordResetRequestBody,
        response: { 200: DetailResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await app.limitAttempts('reset-request', request, request.body.email);
      await service.requestPasswordReset(deps, request.body.email);
      return { detail: AUTH_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/reset-password-confirm/',
    {
      schema: {
        tags,
        summary: 'Set a new password with an emailed token; ends every session of the account',
        body: PasswordResetConfirmBody,
        response: { 200: DetailResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await app.limitAttempts('reset-confirm', request);
      await service.confirmPasswordReset(deps, request.body);
      return { detail: 'Password reset successfully!' };
    },
  );

  app.post(
    '/reset-password-biometric/',
    {
      schema: {
        tags,
        summary: 'Not offered: answers 501',
        body: Type.Optional(Type.Unknown()),
        response: errorResponses(501),
      },
    },
    async () => {
      throw new AppError('not_implemented', 501, AUTH_MESSAGES.biometricNotOffered);
    },
  );
};

export default authRoutes;
