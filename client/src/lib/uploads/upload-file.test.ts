import t from 'tap';
import { ACCEPT_ATTRIBUTE, MAX_UPLOAD_BYTES, UPLOAD_FLOW_MESSAGES, uploadContentType, uploadFileProblem } from './upload-file.ts';

t.test('which files can be uploaded, for every picker', async (t) => {
  t.equal(uploadFileProblem({ type: 'image/jpeg', name: 'a.jpg', size: 1000 }), null);
  t.equal(uploadFileProblem({ type: 'application/pdf', name: 'a.pdf', size: 1000 }), 'Please select an image file');
  t.equal(
    uploadFileProblem({ type: 'image/gif', name: 'a.gif', size: 1000 }),
    'Please select an image file',
    'an image the server would refuse',
  );
  t.equal(uploadFileProblem({ type: 'image/png', name: 'a.png', size: MAX_UPLOAD_BYTES + 1 }), 'Image must be less than 10MB');
  t.equal(uploadFileProblem({ type: 'image/png', name: 'a.png', size: MAX_UPLOAD_BYTES }), null, 'exactly 10 MB is fine');
  t.equal(uploadFileProblem({ type: '', name: 'IMG_0001.HEIC', size: 1000 }), null, 'an untyped HEIC by its name');
  t.equal(uploadFileProblem({ type: 'image/heif', name: 'x', size: 1000 }), null, 'HEIF too');
  t.equal(uploadFileProblem({ type: '', name: 'notes', size: 1000 }), 'Please select an image file');
});

t.test('the type a file is announced with', async (t) => {
  t.equal(uploadContentType({ type: '', name: 'x.JPG' }), 'image/jpeg');
  t.equal(uploadContentType({ type: '', name: 'IMG_0001.HEIC' }), 'image/heic');
  t.equal(uploadContentType({ type: 'image/webp', name: 'x.jpg' }), 'image/webp', 'the browser\u2019s type first');
  t.equal(uploadContentType({ type: '', name: 'photo' }), null);
});

t.test('the pickers offer HEIC and HEIF, and the words stay', async (t) => {
  for (const part of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', '.heic', '.heif'])
    t.ok(ACCEPT_ATTRIBUTE.split(',').includes(part), part);
  t.equal(UPLOAD_FLOW_MESSAGES.analyzing, 'Analyzing image...');
  t.equal(UPLOAD_FLOW_MESSAGES.uploadFailed, 'Failed to upload photo');
  t.equal(UPLOAD_FLOW_MESSAGES.timedOut, 'Upload timed out after 60 seconds');
});
