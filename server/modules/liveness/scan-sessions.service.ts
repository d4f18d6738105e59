/**
 * Face-scan sessions: opening one (a random challenge, a short life, an hourly cap) and
 * submitting its frames. Verify stores the frames under the member's prefix and hands them to the
 * face-liveness worker through the outbox, then waits for the verdict the worker writes on the
 * session row, so the browser gets its answer in the same request while the inference runs
 * where the workers run. A session is used once: verify moves it out of `open` under a row lock.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  createChallenge,
  LIVENESS_BASELINE_PROMPT,
  LIVENESS_FAILURES,
  LIVENESS_MAX_FRAME_BYTES,
  LIVENESS_MAX_FRAMES,
  LIVENESS_MIN_FRAMES,
  LIVENESS_SESSION_LIFETIME_MS,
  LIVENESS_STEP_PROMPTS,
  type LivenessStepKind,
} from '../../contract/liveness.ts';
import type { Db } from '../../kernel/db/client.ts';
import type { ServiceDeps } from '../../kernel/deps.ts';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../kernel/errors.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import type { MediaStore } from '../../kernel/media/index.ts';
import { callerRef } from '../members/index.ts';
import * as queries from './liveness.queries.ts';
import { frameKeyOf, LIVENESS_MESSAGES, MAX_SCANS_PER_HOUR, VERIFY_POLL_MS, VERIFY_WAIT_MS } from './liveness.rules.ts';

export type ScanDeps = Pick<ServiceDeps, 'db' | 'config'> & { media: MediaStore };

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

export interface ScanConfig {
  sessionToken: string;
  expiresAt: string;
  mock: boolean;
  baselinePrompt: string;
  challenge: Array<{ step: LivenessStepKind; prompt: string }>;
  minFrames: number;
  maxFrames: number;
  maxFrameBytes: number;
}

export async function openScan(deps: ScanDeps, userId: number, now = new Date()): Promise<ScanConfig> {
  const challenge = createChallenge(cryptoRandom);
  const expiresAt = new Date(now.getTime() + LIVENESS_SESSION_LIFETIME_MS);
  const scan = await deps.db.transaction(async (tx) => {
    await callerRef(tx, userId);
    await queries.lockScanCreation(tx, userId);
    if ((await queries.countScansSince(tx, userId, new Date(now.getTime() - 3600_000))) >= MAX_SCANS_PER_HOUR) {
      throw tooManyRequests(LIVENESS_MESSAGES.tooMany);
    }
    return queries.insertScan(tx, { userId, challenge, mock: deps.config.faceScanMock, expiresAt, createdAt: now });
  });
  return {
    sessionToken: scan.id,
    expiresAt: expiresAt.toISOString(),
    mock: scan.mock,
    baselinePrompt: LIVENESS_BASELINE_PROMPT,
    challenge: challenge.map((step) => ({ step, prompt: LIVENESS_STEP_PROMPTS[step] })),
    minFrames: LIVENESS_MIN_FRAMES,
    maxFrames: LIVENESS_MAX_FRAMES,
    maxFrameBytes: LIVENESS_MAX_FRAME_BYTES,
  };
}

export interface ScanPass {
  livenessToken: string;
  score: number;
  mock: boolean;
}

type Submitted = { kind: 'waiting'; scanId: string } | { kind: 'decided'; result: ScanPass } | { kind: 'expired' };

async function submit(deps: ScanDeps, userId: number, sessionToken: string, frames: Buffer[], now: Date): Promise<Submitted> {
  return deps.db.transaction(async (tx) => {
    const scan = await queries.lockOwnScan(tx, userId, sessionToken);
    if (!scan) throw notFound(LIVENESS_MESSAGES.notFound);
    if (scan.state !== 'open') throw conflict(LIVENESS_MESSAGES.used);
    if (scan.expiresAt <= now) {
      // Recorded (not rolled back with an error), so the session cannot be tried again.
      await queries.updateScan(tx, scan.id, { state: 'failed', failureReason: LIVENESS_FAILURES.session_expired, decidedAt: now });
      return { kind: 'expired' };
    }
    if (scan.mock) {
      const livenessToken = randomUUID();
      await queries.updateScan(tx, scan.id, { state: 'passed', score: 1, livenessToken, decidedAt: now });
      return { kind: 'decided', result: { livenessToken, score: 1, mock: true } };
    }
    if (frames.length < LIVENESS_MIN_FRAMES || frames.length > LIVENESS_MAX_FRAMES) throw badRequest(LIVENESS_FAILURES.incomplete_scan);
    if (frames.some((frame) => frame.length === 0 || frame.length > LIVENESS_MAX_FRAME_BYTES))
      throw badRequest(LIVENESS_FAILURES.unreadable_frame);
    const frameKeys = frames.map((_, index) => frameKeyOf(userId, scan.id, index));
    // Stored before the commit, so the worker finds every frame the event names.
    await Promise.all(frameKeys.map((key, index) => deps.media.put(key, frames[index], 'image/jpeg')));
    await queries.updateScan(tx, scan.id, { state: 'processing' });
    await writeEvent(tx, 'liveness.scan_submitted', { scanId: scan.id, userId, frameKeys, submittedAt: now.toISOString() });
    return { kind: 'waiting', scanId: scan.id };
  });
}

async function waitForVerdict(db: Db, scanId: string): Promise<queries.ScanRow | undefined> {
  const deadline = Date.now() + VERIFY_WAIT_MS;
  for (;;) {
    const scan = await queries.findScan(db, scanId);
    if (!scan || scan.state === 'passed' || scan.state === 'failed' || Date.now() >= deadline) return scan;
    await new Promise((resolve) => setTimeout(resolve, VERIFY_POLL_MS));
  }
}

export async function verifyScan(
  deps: ScanDeps,
  userId: number,
  body: { sessionToken: string; frames: string[] },
  now = new Date(),
): Promise<ScanPass> {
  const frames = body.frames.map((frame) => Buffer.from(frame, 'base64'));
  const submitted = await submit(deps, userId, body.sessionToken, frames, now);
  if (submitted.kind === 'expired') throw badRequest(LIVENESS_FAILURES.session_expired);
  if (submitted.kind === 'decided') return submitted.result;
  const scan = await waitForVerdict(deps.db, submitted.scanId);
  if (!scan) throw notFound(LIVENESS_MESSAGES.notFound);
  if (scan.state === 'failed') throw badRequest(scan.failureReason ?? LIVENESS_MESSAGES.failed);
  if (scan.state !== 'passed' || !scan.livenessToken || scan.score === null) {
    throw new AppError('unavailable', 503, LIVENESS_MESSAGES.unavailable);
  }
  return { livenessToken: scan.livenessToken, score: scan.score, mock: false };
}
