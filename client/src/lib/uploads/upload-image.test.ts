import t from 'tap';
import { uploadImage, type UploadImageRequest, type UploadRequests } from './upload-image.ts';
import type { UploadStatus } from './upload-requests.ts';

/** Requests that record what was asked and answer the given statuses in turn (then the last again). */
function fakeRequests(statuses: (UploadStatus | Error)[]) {
  const calls: string[] = [];
  let reads = 0;
  const requests: UploadRequests = {
    createUpload: async (body) => {
      calls.push(`create ${body.fieldName} ${body.contentType} ${body.contentLength}`);
      return { uploadId: 'u1' };
    },
    sendUploadFile: async (upload, _file, fileName, contentType) => {
      calls.push(`send ${upload.uploadId} ${fileName} ${contentType}`);
    },
    getUploadStatus: async () => {
      const answer = statuses[Math.min(reads++, statuses.length - 1)];
      calls.push('status');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { calls, requests, reads: () => reads };
}

const request = (extra: Partial<UploadImageRequest> = {}): UploadImageRequest => ({
  file: new Blob(['x']),
  fileName: 'a.jpg',
  create: { fieldName: 'chat', contentType: 'image/jpeg', contentLength: 1 },
  abandoned: () => false,
  pause: async () => {},
  ...extra,
});

const pending: UploadStatus = { state: 'pending_review', rejectionReason: null };

t.test('create, act on the id, send, then read until the review decides', async (t) => {
  const fake = fakeRequests([pending, new Error('offline'), { state: 'approved', rejectionReason: null, thumbnail: '/t' }]);
  const phases: string[] = [];
  const outcome = await uploadImage(
    request({ beforeSend: async (id) => void fake.calls.push(`before ${id}`), onPhase: (phase, id) => phases.push(`${phase} ${id}`) }),
    fake.requests,
  );
  t.same(
    fake.calls,
    ['create chat image/jpeg 1', 'before u1', 'send u1 a.jpg image/jpeg', 'status', 'status', 'status'],
    'a failed read is a try without news',
  );
  t.same(phases, ['analyzing u1']);
  t.same(outcome, { kind: 'approved', uploadId: 'u1', status: { state: 'approved', rejectionReason: null, thumbnail: '/t' } });
});

t.test('a refusal and a failed review end the wait with their reason', async (t) => {
  t.same(await uploadImage(request(), fakeRequests([{ state: 'rejected', rejectionReason: 'No face' }]).requests), {
    kind: 'refused',
    uploadId: 'u1',
    state: 'rejected',
    reason: 'No face',
  });
  t.same(await uploadImage(request(), fakeRequests([{ state: 'error', rejectionReason: null }]).requests), {
    kind: 'refused',
    uploadId: 'u1',
    state: 'error',
    reason: null,
  });
});

t.test('60 tries without a verdict time out', async (t) => {
  const fake = fakeRequests([pending]);
  const waits: number[] = [];
  const outcome = await uploadImage(request({ pause: async (_id, ms) => void waits.push(ms) }), fake.requests);
  t.same(outcome, { kind: 'timedOut', uploadId: 'u1', message: 'Upload timed out after 60 seconds' });
  t.equal(fake.reads(), 60);
  t.equal(waits.length, 60);
  t.ok(
    waits.every((ms) => ms === 1000),
    'a second between tries',
  );
});

t.test('a caller told by pushes reads only when it asks to', async (t) => {
  const fake = fakeRequests([pending]);
  await uploadImage(request({ shouldRead: (_id, tries) => tries === 0 || tries === 59 }), fake.requests);
  t.equal(fake.reads(), 2);
});

t.test('an abandoned upload stops, unless a profile photo is still to be sent', async (t) => {
  let gone = false;
  const chat = fakeRequests([pending]);
  const stopped = await uploadImage(request({ abandoned: () => gone, beforeSend: async () => void (gone = true) }), chat.requests);
  t.same(stopped, { kind: 'abandoned' });
  t.same(chat.calls, ['create chat image/jpeg 1', 'send u1 a.jpg image/jpeg'], 'sent, but no review awaited');

  gone = false;
  const early = fakeRequests([pending]);
  const original = early.requests.createUpload;
  early.requests.createUpload = async (body) => {
    const created = await original(body);
    gone = true;
    return created;
  };
  t.same(await uploadImage(request({ abandoned: () => gone }), early.requests), { kind: 'abandoned' });
  t.same(early.calls, ['create chat image/jpeg 1'], 'a chat photo nobody waits for is not sent');

  gone = false;
  const profile = fakeRequests([pending]);
  const profileCreate = profile.requests.createUpload;
  profile.requests.createUpload = async (body) => {
    const created = await profileCreate(body);
    gone = true;
    return created;
  };
  t.same(await uploadImage(request({ abandoned: () => gone, sendEvenIfAbandoned: true }), profile.requests), { kind: 'abandoned' });
  t.same(profile.calls, ['create chat image/jpeg 1', 'send u1 a.jpg image/jpeg'], 'a profile photo is sent anyway');
});
