/**
 * The camera's streams against starts that overlap or are stopped before the browser answers,
 * with a fake getUserMedia whose answers the test releases in any order.
 */
import t from 'tap';
import { createCameraStreams } from './camera-stream.ts';

interface FakeTrack {
  readyState: 'live' | 'ended';
  stop(): void;
}

function fakeCamera() {
  const answers: Array<{ stream: MediaStream; tracks: FakeTrack[]; answer(): void; refuse(error: Error): void }> = [];
  const open = () =>
    new Promise<MediaStream>((resolve, reject) => {
      const track: FakeTrack = {
        readyState: 'live',
        stop() {
          track.readyState = 'ended';
        },
      };
      const stream = { getTracks: () => [track] } as unknown as MediaStream;
      answers.push({ stream, tracks: [track], answer: () => resolve(stream), refuse: reject });
    });
  return { open, answers };
}

t.test('Stop while the camera is still being asked for: the stream that comes later is stopped, never reported', async (t) => {
  const camera = fakeCamera();
  const streams = createCameraStreams(camera.open);
  const started = streams.start({ video: true });
  streams.stop(); // Cancel before the browser answered
  camera.answers[0].answer();
  t.equal(await started, null, 'not reported: the camera is not "live"');
  t.equal(camera.answers[0].tracks[0].readyState, 'ended', 'its track is stopped');
  t.equal(streams.isCurrent(camera.answers[0].stream), false);
});

t.test('Two starts that overlap: only the latest stream stays live, whatever order the answers come in', async (t) => {
  const camera = fakeCamera();
  const streams = createCameraStreams(camera.open);
  const first = streams.start({ video: true });
  const second = streams.start({ video: true });
  camera.answers[1].answer();
  camera.answers[0].answer();
  t.equal(await second, camera.answers[1].stream);
  t.equal(await first, null);
  t.equal(camera.answers[0].tracks[0].readyState, 'ended', 'the superseded stream is stopped');
  t.equal(camera.answers[1].tracks[0].readyState, 'live');
  streams.stop();
  t.equal(camera.answers[1].tracks[0].readyState, 'ended', 'stop ends the current one');
});

t.test('a refusal is reported for the latest start only', async (t) => {
  const camera = fakeCamera();
  const streams = createCameraStreams(camera.open);
  const stale = streams.start({ video: true });
  streams.stop();
  camera.answers[0].refuse(new Error('NotAllowedError'));
  t.equal(await stale, null, "a refusal for a stopped start is nobody's business");
  const current = streams.start({ video: true });
  camera.answers[1].refuse(new Error('NotAllowedError'));
  await t.rejects(current, { message: 'NotAllowedError' });
});
