/**
 * Refuses hostile input before any schema or route sees it (see kernel/hostile-input.ts), with a
 * 400 in the usual error shape, and makes every request schema follow kernel/request-validation.ts
 * (strict bodies, plain-decimal numbers in paths and query strings).
 *
 * preValidation runs after the body is parsed and before the schemas, so one hook covers the
 * query string, the path and the body of every route, including routes added later.
 */
import fp from 'fastify-plugin';
import { badRequest } from '../kernel/errors.ts';
import { findInputProblem, INPUT_MESSAGES } from '../kernel/hostile-input.ts';
import { requestValidatorCompiler } from '../kernel/request-validation.ts';

export default fp(
  async (app) => {
    app.setValidatorCompiler(requestValidatorCompiler());
    app.addHook('preValidation', async (request) => {
      for (const part of [request.query, request.params, request.body]) {
        const problem = findInputProblem(part);
        if (problem) {
          request.log.warn({ problem }, 'hostile input refused');
          throw badRequest(INPUT_MESSAGES[problem]);
        }
      }
    });
  },
  { name: 'input-guard' },
);
