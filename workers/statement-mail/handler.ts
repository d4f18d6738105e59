/**
 * statement-mail: every statement of reasons is also emailed (a member who is suspended may not
 * open the app for days). The decision's transaction wrote the statement and its event together,
 * so no decision goes unannounced; this sends the mail once (`mailed_at`), retrying on a mail
 * server that refuses for a while.
 */
import type { Db } from '../../server/kernel/db/client.ts';
import type { Mailer } from '../../server/kernel/mailer/mailer.ts';
import { mailStatement } from '../../server/modules/moderation/index.ts';
import { defineHandler } from '../runtime/handler.ts';

export function statementMailHandler(deps: { db: Db; mailer: Mailer; appUrl: string }) {
  return defineHandler({
    name: 'statement-mail',
    subjects: ['moderation.statement_issued'] as const,
    concurrency: 2,
    // A mail server may be away for a while: keep trying (backoff up to minutes) before giving up.
    maxDeliver: 20,
    async handle(event, { log }) {
      const outcome = await mailStatement(deps, event.payload.statementId);
      log.info({ statementId: event.payload.statementId, outcome }, 'statement of reasons mail');
    },
  });
}
