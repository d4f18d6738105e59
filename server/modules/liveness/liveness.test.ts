/**
 * Face-scan routes end to end: a real app with the face-liveness handler running in-process and
 * real face-api inference. Frames are the face photo posed for each step of the challenge the
 * server drew (workers/face-liveness/test-frames.ts), as the browser would capture them.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { LIVENESS_FAILURES, type LivenessStepKind } from '../../contract/liveness.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp, type TestMember } from '../../test/factories.ts';
import { discover, man } from '../../test/members.ts';
import { waitFor } from '../../test/nats.ts';
import { COMPLETE_FORM, getMyProfile, getProfile, patchProfile, profileIdOf } from '../../test/profiles.ts';
import { createUpload, sendUploadFile, uploadPhoto, waitForVerdict } from '../../test/uploads.ts';
import { astronautFrame, otherPersonFrame, type FramePose } from '../../../workers/face-liveness/test-frames.ts';
import { LIVENESS_MESSAGES, MAX_SCANS_PER_HOUR } from './liveness.rules.ts';

const POSE_FOR: Record<LivenessStepKind, FramePose> = {
  tilt_left: { tilt: 20 },
  tilt_right: { tilt: -20 },
  turn_left: { turn: 30 },
  turn_right: { turn: -30 },
  closer: { scale: 1.3 },
  farther: { scale: 0.77 },
};

interface ScanConfig {
  sessionToken: string;
  challenge: Array<{ step: LivenessStepKind; prompt: string }>;
  mock: boolean;
}

const openScan = (app: FastifyInstance, member: TestMember) =>
  app.inject({ method: 'GET', url: '/api/v1/facetec/config/', headers: member.auth });
const verify = (app: FastifyInstance, member: TestMember, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/facetec/verify/', headers: member.auth, payload });
const base64 = (frames: Buffer[]) => frames.map((frame) => frame.toString('base64'));

/** The neutral frame, then one frame per step of the challenge, posed as asked. */
async function framesFor(config: ScanConfig, face = astronautFrame): Promise<Buffer[]> {
  return [await face(), ...(await Promise.all(config.challenge.map(({ step }) => face(POSE_FOR[step]))))];
}

async function passedScan(
  app: FastifyInstance,
  member: TestMember,
): Promise<{ livenessToken: string; score: number; sessionToken: string }> {
  const config = (await openScan(app, member)).json() as ScanConfig;
  const answer = await verify(app, member, { sessionToken: config.sessionToken, frames: base64(await framesFor(config)) });
  if (answer.statusCode !== 200) throw new Error(`scan failed: ${answer.body}`);
  return { ...answer.json(), sessionToken: config.sessionToken };
}

t.test('a live scan: a session with a challenge, frames judged by the worker, used once', async (t) => {
  const { app, db, media } = await buildTestApp(t);
  const member = await signUp(app, { username: 'scanner' });
  const opened = await openScan(app, member);
  t.equal(opened.statusCode, 200, opened.body);
  const config = opened.json() as ScanConfig & { expiresAt: string; minFrames: number; maxFrames: number };
  t.equal(config.mock, false, 'never a practice scan unless configured');
  t.equal(config.challenge.length, 3);
  t.equal(new Set(config.challenge.map((c) => c.step)).size, 3, 'three different movements');
  t.ok(
    config.challenge.every((c) => c.prompt.length > 0),
    'each with its prompt',
  );
  t.ok(Date.parse(config.expiresAt) > Date.now(), 'short-lived');

  const answer = await verify(app, member, { sessionToken: config.sessionToken, frames: base64(await framesFor(config)) });
  t.equal(answer.statusCode, 200, answer.body);
  const pass = answer.json();
  t.match(pass, { livenessToken: /^[0-9a-f-]{36}$/, mock: false });
  t.ok(pass.score > 0.5 && pass.score <= 1, `score ${pass.score}`);
  const [row] = await db.execute<{ state: string; n: number }>(
    sql`select state, array_length(descriptor, 1) as n from face_scans where id = ${config.sessionToken}`,
  );
  t.same(row, { state: 'passed', n: 128 }, 'the scan keeps its face descriptor, nothing else');
  // The worker removes the frames right after writing the verdict, which the answer waited for.
  const firstFrame = `users/${member.userId}/face-scans/${config.sessionToken}/frame-0.jpg`;
  await waitFor(async () => (await media.size(firstFrame)) === null, 10_000, 'the frames to be removed');
  t.equal(await media.size(firstFrame), null, 'the frames are deleted once judged');

  const again = await verify(app, member, { sessionToken: config.sessionToken, frames: base64(await framesFor(config)) });
  t.equal(again.statusCode, 409, 'a session is used once');
  t.equal(again.json().error, LIVENESS_MESSAGES.used);
});

t.test('failing scans answer the reason the member can act on', async (t) => {
  const { app, db } = await buildTestApp(t);
  const member = await signUp(app, { username: 'scanner' });
  const attempt = async (frames: (config: ScanConfig) => Promise<Buffer[]>) => {
    const config = (await openScan(app, member)).json() as ScanConfig;
    return verify(app, member, { sessionToken: config.sessionToken, frames: base64(await frames(config)) });
  };

  const replay = await attempt(async (config) => {
    const still = await astronautFrame();
    return [still, ...config.challenge.map(() => still)];
  });
  t.equal(replay.statusCode, 400);
  t.equal(replay.json().error, LIVENESS_FAILURES.replayed_frames, 'identical frames');

  const swapped = await attempt(async (config) => {
    const frames = await framesFor(config);
    // Someone else, facing the camera (posed, this side-on face is too often not found at all).
    frames[2] = await otherPersonFrame();
    return frames;
  });
  t.equal(swapped.json().error, LIVENESS_FAILURES.different_person, 'another person in one frame');

  const reversed = await attempt(async (config) => {
    const [neutral, ...steps] = await framesFor(config);
    return [neutral, ...steps.reverse()];
  });
  t.equal(reversed.statusCode, 400);
  t.match(reversed.json().error, /order|movement/, `steps out of order: ${reversed.json().error}`);

  const short = await attempt(async (config) => (await framesFor(config)).slice(0, 2));
  t.equal(short.json().error, LIVENESS_FAILURES.incomplete_scan, 'too few frames');

  const config = (await openScan(app, member)).json() as ScanConfig;
  await db.execute(sql`update face_scans set expires_at = now() - interval '1 second' where id = ${config.sessionToken}`);
  const late = await verify(app, member, { sessionToken: config.sessionToken, frames: base64(await framesFor(config)) });
  t.equal(late.statusCode, 400);
  t.equal(late.json().error, LIVENESS_FAILURES.session_expired, 'an expired session');
  t.equal(
    (await verify(app, member, { sessionToken: config.sessionToken, frames: base64(await framesFor(config)) })).statusCode,
    409,
    'and it stays used',
  );
});

t.test("another member's session or scan is not found; sessions are capped per hour", async (t) => {
  const { app } = await buildTestApp(t);
  const owner = await signUp(app, { username: 'owner' });
  const stranger = await signUp(app, { username: 'stranger' });
  const config = (await openScan(app, owner)).json() as ScanConfig;
  const stolen = await verify(app, stranger, { sessionToken: config.sessionToken, frames: base64(await framesFor(config)) });
  t.equal(stolen.statusCode, 404, 'verify with a stolen session token');

  const pass = await passedScan(app, owner);
  const theirUpload = await createUpload(app, stranger, {
    fieldName: 'photo1',
    contentType: 'image/jpeg',
    contentLength: 1000,
    livenessToken: pass.livenessToken,
  });
  t.equal(theirUpload.statusCode, 404, "a stranger cannot put another member's scan on their upload");
  const ownUpload = (await createUpload(app, owner, { fieldName: 'photo1', contentType: 'image/jpeg', contentLength: 1000 })).json()
    .uploadId;
  const bindForeign = await app.inject({
    method: 'POST',
    url: `/api/v1/uploads/${ownUpload}/liveness/`,
    headers: stranger.auth,
    payload: { sessionToken: pass.livenessToken, score: pass.score },
  });
  t.equal(bindForeign.statusCode, 404, "nor bind it to another member's upload");
  t.equal(
    (
      await createUpload(app, owner, {
        fieldName: 'photo2',
        contentType: 'image/jpeg',
        contentLength: 1000,
        livenessToken: pass.livenessToken,
      })
    ).statusCode,
    400,
    'only photo 1 takes a scan',
  );
  t.equal(
    (await createUpload(app, owner, { fieldName: 'photo1', contentType: 'image/jpeg', contentLength: 1000, livenessToken: 'not-a-token' }))
      .statusCode,
    404,
    'a malformed token is simply not found',
  );

  const bound = await app.inject({
    method: 'POST',
    url: `/api/v1/uploads/${ownUpload}/liveness/`,
    headers: owner.auth,
    payload: { sessionToken: pass.livenessToken, score: pass.score },
  });
  t.equal(bound.statusCode, 200, bound.body);
  t.same(bound.json(), { detail: 'Face scan linked to photo 1', verified: false }, 'bound; the badge waits for moderation');
  const twice = await createUpload(app, owner, {
    fieldName: 'photo1',
    contentType: 'image/jpeg',
    contentLength: 1000,
    livenessToken: pass.livenessToken,
  });
  t.equal(twice.statusCode, 409, 'one scan vouches for one photo');

  let refused = 0;
  for (let i = 0; i < MAX_SCANS_PER_HOUR + 1; i += 1) if ((await openScan(app, stranger)).statusCode === 429) refused += 1;
  t.ok(refused >= 1, 'too many sessions in an hour');
});

t.test('a practice scan exists only when configured, and verifies nothing', async (t) => {
  const { app } = await buildTestApp(t, { FACE_SCAN_MOCK: 'true' });
  const member = await signUp(app, { username: 'developer' });
  const config = (await openScan(app, member)).json() as ScanConfig;
  t.equal(config.mock, true);
  const answer = await verify(app, member, { sessionToken: config.sessionToken, frames: [] });
  t.equal(answer.statusCode, 200, answer.body);
  t.match(answer.json(), { mock: true, score: 1 });
  const upload = (await createUpload(app, member, { fieldName: 'photo1', contentType: 'image/jpeg', contentLength: 1000 })).json().uploadId;
  const bind = await app.inject({
    method: 'POST',
    url: `/api/v1/uploads/${upload}/liveness/`,
    headers: member.auth,
    payload: { sessionToken: answer.json().livenessToken, score: 1 },
  });
  t.equal(bind.statusCode, 400);
  t.equal(bind.json().error, LIVENESS_MESSAGES.mock);
});

t.test('verified: a live scan, then photo 1 of the same face; other members see the badge and can filter on it', async (t) => {
  const { app, db } = await buildTestApp(t);
  const eve = await signUp(app, { username: 'eve' });
  t.equal((await patchProfile(app, eve, { ...COMPLETE_FORM, gender: 'Woman' })).statusCode, 200);
  const adam = await man(app, db, {}, 'adam');
  const photo = readFileSync(new URL('../../../fixtures/images/astronaut.jpg', import.meta.url));

  const scan = await passedScan(app, eve);
  const created = await createUpload(app, eve, {
    fieldName: 'photo1',
    contentType: 'image/jpeg',
    contentLength: photo.length,
    livenessToken: scan.livenessToken,
  });
  t.equal(created.statusCode, 201, created.body);
  const uploadId = created.json().uploadId;
  t.equal((await sendUploadFile(app, eve, uploadId, photo)).statusCode, 200);
  t.equal((await waitForVerdict(app, eve, uploadId)).state, 'approved');
  t.equal((await getMyProfile(app, eve)).json().verified, true, 'photo 1 matches the scan: verified');
  t.match((await getMyProfile(app, eve)).json(), { photo_verification: 'verified', photo1_upload_id: uploadId }, 'her own profile says so');
  const [print] = await db.execute<{ review_state: string }>(sql`select review_state from face_prints where user_id = ${eve.userId}`);
  t.equal(print.review_state, 'clear', 'her face print is kept');

  const seen = (await getProfile(app, adam, await profileIdOf(db, eve))).json();
  t.equal(seen.verified, true, 'other members see the badge');
  const verifiedOnly = (await discover(app, adam, 'verifiedOnly=Yes')).json();
  t.same(
    verifiedOnly.results.map((p: { username: string }) => p.username),
    ['eve'],
    'and can ask for verified members only',
  );

  t.test('a photo 1 of someone else than the scan is rejected, and the badge stays with the approved one', async (t) => {
    const other = readFileSync(new URL('../../../fixtures/images/camera.png', import.meta.url));
    const next = await passedScan(app, eve);
    const second = await createUpload(app, eve, {
      fieldName: 'photo1',
      contentType: 'image/png',
      contentLength: other.length,
      livenessToken: next.livenessToken,
    });
    const secondId = second.json().uploadId;
    await sendUploadFile(app, eve, secondId, other);
    const verdict = await waitForVerdict(app, eve, secondId);
    t.equal(verdict.state, 'rejected');
    t.match(verdict.rejectionReason, /scan|same person|face/i, `reason: ${verdict.rejectionReason}`);
  });

  t.test('the same face verifying a second account is held for review, without the badge', async (t) => {
    const twin = await signUp(app, { username: 'twin' });
    t.equal((await patchProfile(app, twin, { ...COMPLETE_FORM, gender: 'Woman' })).statusCode, 200);
    const twinScan = await passedScan(app, twin);
    const upload = (
      await createUpload(app, twin, {
        fieldName: 'photo1',
        contentType: 'image/jpeg',
        contentLength: photo.length,
        livenessToken: twinScan.livenessToken,
      })
    ).json().uploadId;
    await sendUploadFile(app, twin, upload, photo);
    t.equal((await waitForVerdict(app, twin, upload)).state, 'approved', 'the photo itself is fine');
    t.equal((await getMyProfile(app, twin)).json().verified, false, 'no badge');
    t.match(
      (await getMyProfile(app, twin)).json(),
      { photo_verification: 'pending_review', photo1_upload_id: upload },
      'and she is told it waits for review',
    );
    const [twinPrint] = await db.execute<{ review_state: string; matched_user_id: number }>(
      sql`select review_state, matched_user_id from face_prints where user_id = ${twin.userId}`,
    );
    t.same(
      { ...twinPrint, matched_user_id: Number(twinPrint.matched_user_id) },
      { review_state: 'needs_review', matched_user_id: eve.userId },
    );
  });

  t.test('deleting photo 1 takes the badge; the account takes the face print', async (t) => {
    t.equal((await app.inject({ method: 'DELETE', url: '/api/v1/profile/photo/1/delete/', headers: eve.auth })).statusCode, 200);
    t.equal((await getMyProfile(app, eve)).json().verified, false);
    t.match((await getMyProfile(app, eve)).json(), { photo_verification: 'none', photo1_upload_id: null }, 'no photo 1, nothing to verify');
    t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: eve.auth })).statusCode, 200);
    t.equal((await db.execute(sql`select 1 from face_prints where user_id = ${eve.userId}`)).length, 0);
  });
});

t.test('a scan bound after photo 1 was approved verifies it then', async (t) => {
  const { app } = await buildTestApp(t);
  const member = await signUp(app, { username: 'later' });
  const photo = readFileSync(new URL('../../../fixtures/images/astronaut.jpg', import.meta.url));
  const uploadId = await uploadPhoto(app, member, 'photo1', photo);
  t.equal((await waitForVerdict(app, member, uploadId)).state, 'approved', 'approved without a scan');
  t.equal((await getMyProfile(app, member)).json().verified, false, 'but not verified');
  t.match(
    (await getMyProfile(app, member)).json(),
    { photo_verification: 'unverified', photo1_upload_id: uploadId },
    'the upload to verify later is named',
  );
  const scan = await passedScan(app, member);
  const bound = await app.inject({
    method: 'POST',
    url: `/api/v1/uploads/${uploadId}/liveness/`,
    headers: member.auth,
    payload: { sessionToken: scan.sessionToken, score: scan.score },
  });
  t.equal(bound.statusCode, 200, bound.body);
  t.same(bound.json(), { detail: 'Face scan linked to photo 1', verified: true });
  t.equal((await getMyProfile(app, member)).json().verified, true);
  t.equal((await getMyProfile(app, member)).json().photo_verification, 'verified');
});
