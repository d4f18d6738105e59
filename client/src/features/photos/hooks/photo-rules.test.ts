import t from 'tap';
import { MAX_UPLOAD_BYTES } from '@/lib/uploads/upload-file.ts';
import { PHOTO_MESSAGES, photoFileProblem, photoUrlOf, readStatus } from './photo-rules.ts';

t.test('which files can be uploaded', async (t) => {
  t.equal(photoFileProblem(null), 'No file selected');
  t.equal(photoFileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 }), 'Please select an image file');
  t.equal(photoFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 }), 'Image must be less than 10MB');
  t.equal(
    photoFileProblem({ name: 'edge.jpg', type: 'image/jpeg', size: MAX_UPLOAD_BYTES }),
    null,
    '10 MB exactly is accepted, as the server does',
  );
  t.equal(photoFileProblem({ name: 'me.png', type: 'image/png', size: 1000 }), null);
  t.equal(photoFileProblem({ name: 'IMG_0001.HEIC', type: '', size: 1000 }), null, 'a HEIC without a type, by its name');
  t.equal(
    photoFileProblem({ name: 'anim.gif', type: 'image/gif', size: 1000 }),
    'Please select an image file',
    'an image type the server refuses',
  );
});

t.test('what a status answer means', async (t) => {
  t.same(readStatus({ state: 'pending_review', rejectionReason: null }), { kind: 'waiting' });
  t.same(readStatus({ state: 'approved', rejectionReason: null, thumbnail: null, preview: '/p', full: '/f' }), {
    kind: 'approved',
    url: '/p',
  });
  t.equal(photoUrlOf({ state: 'approved', rejectionReason: null, blob_url: '/b' }), '/b', 'thumbnail, preview, full, then blob_url');
  t.same(readStatus({ state: 'approved', rejectionReason: null }), { kind: 'failed', message: 'No photo URL returned from server' });
  t.same(readStatus({ state: 'rejected', rejectionReason: null }), { kind: 'failed', message: 'Photo was rejected' });
  t.same(readStatus({ state: 'rejected', rejectionReason: 'No face' }), { kind: 'failed', message: 'No face' });
  t.same(readStatus({ state: 'error', rejectionReason: null }), { kind: 'failed', message: 'Upload processing failed' });
  t.equal(PHOTO_MESSAGES.timedOut, 'Upload timed out after 60 seconds');
  t.equal(PHOTO_MESSAGES.uploaded(2), 'Photo 2 uploaded successfully!');
  t.equal(PHOTO_MESSAGES.deleted(3), 'Photo 3 deleted');
});
