/**
 * The handlers this codebase ships, by name. WORKERS (config.workers) picks which ones a process
 * runs. A new handler (photo-moderation, face-liveness, credit-grants) adds one line here.
 * `startInProcessHandlers` is what the server's process entry hands to buildApp for the
 * in-process default, so the server runs these handlers without importing this folder. Demo
 * like-backs join the in-process handlers by themselves when config turns them on (development
 * on the embedded default only), whatever WORKERS names.
 */
import type { Config } from '../server/kernel/config.ts';
import { type Db, healthOf } from '../server/kernel/db/client.ts';
import type { StartInProcessHandlers } from '../server/kernel/events/in-process-handlers.ts';
import type { PushBus } from '../server/kernel/events/push.ts';
import type { Log } from '../server/kernel/logging.ts';
import type { Mailer } from '../server/kernel/mailer/mailer.ts';
import type { MediaStore } from '../server/kernel/media/index.ts';
import { chatCleanupHandler } from './chat-cleanup/handler.ts';
import { creditGrantsHandler } from './credit-grants/handler.ts';
import { DEMO_LIKE_BACKS, demoLikeBacksHandler, demoLikeBacksOn } from './demo-likebacks/handler.ts';
import { notificationsHandler } from './notifications/handler.ts';
import { stillCurrentIn } from './notifications/still-current.ts';
import { statementMailHandler } from './statement-mail/handler.ts';
import { faceLivenessHandler } from './face-liveness/handler.ts';
import { photoModerationWithVision } from './photo-moderation/with-vision.ts';
import { createFaceDetector } from './vision/face-detector.ts';
import type { EventHandler } from './runtime/handler.ts';
import { startInProcessWorkers } from './runtime/start.ts';

export interface WorkerDeps {
  config: Config;
  db: Db;
  push: PushBus;
  log: Log;
  media: MediaStore;
  mailer: Mailer;
}

type Factory = (deps: WorkerDeps) => EventHandler;

export const HANDLER_FACTORIES: Record<string, Factory> = {
  notifications: (deps) => notificationsHandler(deps.push, stillCurrentIn(deps.db)),
  'photo-moderation': (deps) => photoModerationWithVision({ db: deps.db, media: deps.media }),
  // The detector loads its models on first use, so a process that never gets a scan never pays for
  // them; the process entries (workers/main.ts, server/main.ts) warm them at start instead.
  'face-liveness': (deps) => faceLivenessHandler({ db: deps.db, media: deps.media, detector: createFaceDetector() }),
  'chat-cleanup': (deps) => chatCleanupHandler({ db: deps.db, media: deps.media }),
  'credit-grants': (deps) => creditGrantsHandler({ db: deps.db }),
  'statement-mail': (deps) => statementMailHandler({ db: deps.db, mailer: deps.mailer, appUrl: deps.config.publicUrl }),
  [DEMO_LIKE_BACKS]: (deps) => demoLikeBacksHandler({ db: deps.db, config: deps.config }),
};

/** Builds the named handlers; throws listing every unknown name. */
export function createHandlers(names: readonly string[], deps: WorkerDeps): EventHandler[] {
  const unknown = names.filter((name) => !Object.hasOwn(HANDLER_FACTORIES, name));
  if (unknown.length > 0) {
    throw new Error(`WORKERS names unknown handlers: ${unknown.join(', ')} (known: ${Object.keys(HANDLER_FACTORIES).join(', ')})`);
  }
  return names.map((name) => HANDLER_FACTORIES[name](deps));
}

/** The handlers to run in the server process: WORKERS, plus demo like-backs when config turns them on. */
export function inProcessHandlerNames(config: Config): string[] {
  const names = [...config.workers];
  if (demoLikeBacksOn(config) && !names.includes(DEMO_LIKE_BACKS)) names.push(DEMO_LIKE_BACKS);
  return names;
}

/** The handlers named in WORKERS (and demo like-backs), consuming the server's in-process bus (no NATS_URL). */
export const startInProcessHandlers: StartInProcessHandlers = ({ bus, metrics, ...deps }) => {
  const running = startInProcessWorkers(createHandlers(inProcessHandlerNames(deps.config), deps), bus, {
    log: deps.log,
    metrics,
    database: healthOf(deps.db),
  });
  if (running.handlers.includes(DEMO_LIKE_BACKS)) {
    deps.log.info({ percent: deps.config.demoLikeBacks.percent, delayMs: deps.config.demoLikeBacks.delayMs }, 'demo members like back');
  }
  return running;
};
