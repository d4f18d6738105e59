/**
 * The last line of defence against a database event ending the process. No database event may
 * end it (the driver's known defect is mended after install: scripts/patch-dependencies.mjs);
 * should one still escape as an uncaught exception or an unhandled rejection, it is logged as
 * what it is and the process carries on: the health watch sees the outage, and the pools are
 * replaced once the database answers. Anything else that escapes still ends the process, as Node
 * would, after one clear log line: a defect of unknown reach is not something to run on with.
 */
import { isDatabaseUnavailable } from './db/errors.ts';

export interface GuardLog {
  error(details: object, message?: string): void;
  fatal?(details: object, message?: string): void;
}

/** Thrown from inside the postgres.js driver, or says the database is unreachable. */
export function isDatabaseEscape(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return /[\\/]node_modules[\\/]postgres[\\/]/.test(stack);
}

/** Installs the guard once per process; returns a function that removes it (tests). */
export function installProcessGuard(log: GuardLog, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const handle = (kind: 'uncaught exception' | 'unhandled rejection') => (error: unknown) => {
    if (isDatabaseEscape(error)) {
      log.error(
        { err: error },
        `database driver ${kind} caught by the process guard; the process carries on (the health watch takes over)`,
      );
      return;
    }
    (log.fatal ?? log.error).call(log, { err: error }, `${kind}: the process ends`);
    exit(1);
  };
  const onException = handle('uncaught exception');
  const onRejection = handle('unhandled rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
