/**
 * The process entry as `npm start` runs it (server/main.ts in its own process, on a fresh test
 * database, no NATS_URL): it must hand the shipped handlers to the app, so a photo sent through
 * the API is moderated in that same process. Tests of the app alone build it with the handlers
 * themselves, so only this one would notice an entry that forgot them.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { createTestDatabase, makeTempDir } from './test/app.ts';
import { COMPLETE_FORM } from './test/profiles.ts';
import { startServerProcess } from './test/server-process.ts';

const photo = readFileSync(new URL('../fixtures/images/astronaut.jpg', import.meta.url));

t.test('npm start runs the handlers in-process: a photo 1 sent to the API is reviewed and completes the profile', async (t) => {
  const { baseUrl } = await startServerProcess(t, { DATABASE_URL: await createTestDatabase(t), DATA_DIR: await makeTempDir(t) });
  const base = `${baseUrl}/api/v1`;
  const json = { 'content-type': 'application/json' };
  const signup = await fetch(`${base}/signup/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      username: 'newcomer',
      email: 'newcomer@example.com',
      password1: 'Correct-Horse-9',
      password2: 'Correct-Horse-9',
    }),
  });
  t.equal(signup.status, 201);
  const auth = { authorization: `Token ${((await signup.json()) as { token: string }).token}` };
  t.equal(
    (await fetch(`${base}/profile_update/`, { method: 'PATCH', headers: { ...auth, ...json }, body: JSON.stringify(COMPLETE_FORM) }))
      .status,
    200,
  );
  const created = await fetch(`${base}/uploads/`, {
    method: 'POST',
    headers: { ...auth, ...json },
    body: JSON.stringify({ fieldName: 'photo1', contentType: 'image/jpeg', contentLength: photo.length }),
  });
  const { uploadId } = (await created.json()) as { uploadId: string };
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'me.jpg');
  t.equal((await fetch(`${base}/uploads/${uploadId}/multipart`, { method: 'POST', headers: auth, body: form })).status, 200);

  let state = 'pending_review';
  for (let i = 0; i < 600 && state === 'pending_review'; i += 1) {
    state = ((await (await fetch(`${base}/uploads/${uploadId}/status`, { headers: auth })).json()) as { state: string }).state;
    if (state === 'pending_review') await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.equal(state, 'approved', 'moderated inside the server process');
  const completeness = (await (await fetch(`${base}/profile/completeness/`, { headers: auth })).json()) as { is_complete: boolean };
  t.equal(completeness.is_complete, true);
});
